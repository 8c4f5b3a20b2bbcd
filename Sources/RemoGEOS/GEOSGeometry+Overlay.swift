import CRemoGEOS
import RemoGeometry

/// GEOS's overlay and buffer: the oracles of the masks' coverage and growth.
extension GEOSGeometry {
    /// `GEOSIntersection_r`.
    public func intersection(_ other: GEOSGeometry) throws(GEOSError) -> GEOSGeometry {
        guard let result = GEOSIntersection_r(context.handle, pointer, other.pointer) else { throw context.failure("intersection") }
        return GEOSGeometry(context: context, pointer: result)
    }

    /// `GEOSUnion_r`.
    public func union(_ other: GEOSGeometry) throws(GEOSError) -> GEOSGeometry {
        guard let result = GEOSUnion_r(context.handle, pointer, other.pointer) else { throw context.failure("union") }
        return GEOSGeometry(context: context, pointer: result)
    }

    /// `GEOSBuffer_r`: everything within `distance`, round joins and caps, each quarter circle
    /// cut into `quadrantSegments` segments.
    public func buffer(_ distance: Double, quadrantSegments: Int32 = 8) throws(GEOSError) -> GEOSGeometry {
        guard let result = GEOSBuffer_r(context.handle, pointer, distance, quadrantSegments) else { throw context.failure("buffer") }
        return GEOSGeometry(context: context, pointer: result)
    }
}

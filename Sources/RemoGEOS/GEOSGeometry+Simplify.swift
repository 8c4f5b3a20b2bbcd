import CRemoGEOS
import RemoGeometry

/// GEOS's simplifiers and the Hausdorff distance: the peers and oracles of
/// ``RemoGeometry/RingSimplification``.
extension GEOSGeometry {
    /// A closed line through `points` (closed if needed): what ``simplify(tolerance:)``
    /// simplifies without repairing, as plain Douglas–Peucker would.
    public static func closedLine(_ points: some Collection<Point>) throws(GEOSError) -> GEOSGeometry {
        let context = try GEOSContext.current()
        guard let line = GEOSGeom_createLineString_r(context.handle, try closedSequence(points, context)) else {
            throw context.failure("createLineString")
        }
        return GEOSGeometry(context: context, pointer: line)
    }

    /// `GEOSTopologyPreserveSimplify_r`: Douglas–Peucker that refuses to make rings cross.
    public func topologyPreserveSimplify(tolerance: Double) throws(GEOSError) -> GEOSGeometry {
        guard let result = GEOSTopologyPreserveSimplify_r(context.handle, pointer, tolerance) else {
            throw context.failure("topologyPreserveSimplify")
        }
        return GEOSGeometry(context: context, pointer: result)
    }

    /// `GEOSSimplify_r`: Douglas–Peucker. A polygon's result is repaired (with a buffer of
    /// zero, which may drop parts); a line's is not, and may cross itself.
    public func simplify(tolerance: Double) throws(GEOSError) -> GEOSGeometry {
        guard let result = GEOSSimplify_r(context.handle, pointer, tolerance) else { throw context.failure("simplify") }
        return GEOSGeometry(context: context, pointer: result)
    }

    /// `GEOSHausdorffDistanceDensify_r`: the Hausdorff distance with each segment cut into
    /// pieces of at most `densify` of its length (1 measures at the vertices only).
    public func hausdorffDistance(to other: GEOSGeometry, densify: Double = 1) throws(GEOSError) -> Double {
        var value = 0.0
        let status =
            densify < 1
            ? GEOSHausdorffDistanceDensify_r(context.handle, pointer, other.pointer, densify, &value)
            : GEOSHausdorffDistance_r(context.handle, pointer, other.pointer, &value)
        guard status == 1 else { throw context.failure("hausdorffDistance") }
        return value
    }
}

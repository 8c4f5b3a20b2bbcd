import CRemoGEOS
import RemoGeometry

/// GEOS `MakeValid` and what the lasso repair reads of its result: the oracle of
/// ``RemoGeometry/RingRepair``.
extension GEOSGeometry {
    /// `GEOSMakeValid_r`: the linework method (GEOS's default).
    public func makeValid() throws(GEOSError) -> GEOSGeometry {
        guard let result = GEOSMakeValid_r(context.handle, pointer) else { throw context.failure("makeValid") }
        return GEOSGeometry(context: context, pointer: result)
    }

    /// The polygons of this geometry: itself for a polygon, the polygons among the parts of
    /// a multipolygon or collection (lines and points left out).
    public func polygons() throws(GEOSError) -> [GEOSGeometry] {
        let handle = context.handle
        let type = GEOSGeomTypeId_r(handle, pointer)
        if type == Int32(GEOS_POLYGON.rawValue) { return [self] }
        guard type == Int32(GEOS_MULTIPOLYGON.rawValue) || type == Int32(GEOS_GEOMETRYCOLLECTION.rawValue) else { return [] }
        var found: [GEOSGeometry] = []
        for k in 0..<GEOSGetNumGeometries_r(handle, pointer) {
            guard let part = GEOSGetGeometryN_r(handle, pointer, k), let copy = GEOSGeom_clone_r(handle, part) else {
                throw context.failure("getGeometryN")
            }
            found += try GEOSGeometry(context: context, pointer: copy).polygons()
        }
        return found
    }

    /// A polygon's exterior ring as a polygon without holes (its holes filled).
    public func filled() throws(GEOSError) -> GEOSGeometry {
        let handle = context.handle
        guard let ring = GEOSGetExteriorRing_r(handle, pointer), let copy = GEOSGeom_clone_r(handle, ring),
            let polygon = GEOSGeom_createPolygon_r(handle, copy, nil, 0)
        else { throw context.failure("getExteriorRing") }
        return GEOSGeometry(context: context, pointer: polygon)
    }

    /// The number of points of a polygon's exterior ring, closing point included.
    public func exteriorPointCount() throws(GEOSError) -> Int {
        let handle = context.handle
        guard let ring = GEOSGetExteriorRing_r(handle, pointer) else { throw context.failure("getExteriorRing") }
        return Int(GEOSGetNumCoordinates_r(handle, ring))
    }
}

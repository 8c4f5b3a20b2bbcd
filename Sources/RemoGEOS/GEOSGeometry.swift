import CRemoGEOS
import RemoGeometry

/// A GEOS geometry owned by Swift: destroyed with its context's handle when released.
///
/// Not thread-safe: use it on the thread that created it (each thread has its own
/// GEOS context, created on first use).
public final class GEOSGeometry {
    let context: GEOSContext
    let pointer: OpaquePointer

    init(context: GEOSContext, pointer: OpaquePointer) {
        self.context = context
        self.pointer = pointer
    }

    deinit {
        GEOSGeom_destroy_r(context.handle, pointer)
    }

    /// A polygon without holes whose shell runs through `points`, closed if needed.
    /// The points are passed as given: duplicates and all.
    ///
    /// - Throws: ``GEOSError`` when GEOS refuses the shell (fewer than four
    ///   coordinates once closed, for instance).
    public static func polygon(_ points: some Collection<Point>) throws(GEOSError) -> GEOSGeometry {
        let context = try GEOSContext.current()
        let handle = context.handle
        let sequence = try closedSequence(points, context)
        guard let shell = GEOSGeom_createLinearRing_r(handle, sequence) else {
            throw context.failure("createLinearRing")
        }
        guard let polygon = GEOSGeom_createPolygon_r(handle, shell, nil, 0) else {
            GEOSGeom_destroy_r(handle, shell)
            throw context.failure("createPolygon")
        }
        return GEOSGeometry(context: context, pointer: polygon)
    }

    /// A GEOS coordinate sequence of `points`, closed if needed.
    static func closedSequence(_ points: some Collection<Point>, _ context: GEOSContext) throws(GEOSError) -> OpaquePointer {
        var coordinates: [Double] = []
        coordinates.reserveCapacity(2 * points.count + 2)
        for p in points {
            coordinates.append(p.x)
            coordinates.append(p.y)
        }
        if let first = points.first, points.count > 1, first != points[points.index(points.endIndex, offsetBy: -1)] {
            coordinates.append(first.x)
            coordinates.append(first.y)
        }
        let size = UInt32(coordinates.count / 2)
        guard let sequence = GEOSCoordSeq_copyFromBuffer_r(context.handle, coordinates, size, 0, 0) else {
            throw context.failure("CoordSeq_copyFromBuffer")
        }
        return sequence
    }

    /// A polygon whose shell is the ring's normalised vertices.
    public static func polygon(_ ring: Ring) throws(GEOSError) -> GEOSGeometry {
        try polygon(ring.vertices)
    }

    /// Reads a geometry from Well-Known Text.
    public static func read(wkt: String) throws(GEOSError) -> GEOSGeometry {
        let context = try GEOSContext.current()
        guard let reader = GEOSWKTReader_create_r(context.handle) else { throw context.failure("WKTReader_create") }
        defer { GEOSWKTReader_destroy_r(context.handle, reader) }
        guard let geometry = GEOSWKTReader_read_r(context.handle, reader, wkt) else {
            throw context.failure("WKTReader_read")
        }
        return GEOSGeometry(context: context, pointer: geometry)
    }
}

/// GEOS's verdict on a geometry's validity.
public struct GEOSValidity: Hashable, Sendable {
    /// Whether GEOS finds the geometry valid (OGC rules).
    public let isValid: Bool
    /// GEOS's reason, such as `Self-intersection`, when invalid.
    public let reason: String?
    /// Where GEOS located the problem, when it says.
    public let location: Point?
}

extension GEOSGeometry {
    /// `GEOSisValidDetail_r`: validity with GEOS's reason and location.
    public func validity() throws(GEOSError) -> GEOSValidity {
        let handle = context.handle
        var reason: UnsafeMutablePointer<CChar>? = nil
        var location: OpaquePointer? = nil
        let result = GEOSisValidDetail_r(handle, pointer, 0, &reason, &location)
        defer {
            if let reason { GEOSFree_r(handle, reason) }
            if let location { GEOSGeom_destroy_r(handle, location) }
        }
        if result == 2 { throw context.failure("isValidDetail") }
        var point: Point? = nil
        if let location {
            var x = 0.0
            var y = 0.0
            if GEOSGeomGetX_r(handle, location, &x) == 1, GEOSGeomGetY_r(handle, location, &y) == 1 {
                point = Point(x, y)
            }
        }
        return GEOSValidity(isValid: result == 1, reason: reason.map { String(cString: $0) }, location: point)
    }

    /// `GEOSisValid_r`: validity only (faster than ``validity()``).
    public func isValid() throws(GEOSError) -> Bool {
        try predicate("isValid", GEOSisValid_r(context.handle, pointer))
    }

    /// `GEOSisSimple_r`.
    public func isSimple() throws(GEOSError) -> Bool {
        try predicate("isSimple", GEOSisSimple_r(context.handle, pointer))
    }

    /// `GEOSArea_r`.
    public func area() throws(GEOSError) -> Double {
        var value = 0.0
        guard GEOSArea_r(context.handle, pointer, &value) == 1 else { throw context.failure("area") }
        return value
    }

    /// `GEOSRelate_r`: the DE-9IM matrix as nine characters.
    public func relate(_ other: GEOSGeometry) throws(GEOSError) -> String {
        guard let matrix = GEOSRelate_r(context.handle, pointer, other.pointer) else {
            throw context.failure("relate")
        }
        defer { GEOSFree_r(context.handle, matrix) }
        return String(cString: matrix)
    }

    /// `GEOSIntersects_r`.
    public func intersects(_ other: GEOSGeometry) throws(GEOSError) -> Bool {
        try predicate("intersects", GEOSIntersects_r(context.handle, pointer, other.pointer))
    }

    /// `GEOSDistance_r`: the smallest distance between the two geometries.
    public func distance(to other: GEOSGeometry) throws(GEOSError) -> Double {
        var value = 0.0
        guard GEOSDistance_r(context.handle, pointer, other.pointer, &value) == 1 else {
            throw context.failure("distance")
        }
        return value
    }

    private func predicate(_ name: String, _ result: CChar) throws(GEOSError) -> Bool {
        if result == 2 { throw context.failure(name) }
        return result == 1
    }
}

/// A point geometry, for distances to chips and the like.
extension GEOSGeometry {
    /// A GEOS point.
    public static func point(_ p: Point) throws(GEOSError) -> GEOSGeometry {
        let context = try GEOSContext.current()
        guard let geometry = GEOSGeom_createPointFromXY_r(context.handle, p.x, p.y) else {
            throw context.failure("createPointFromXY")
        }
        return GEOSGeometry(context: context, pointer: geometry)
    }
}

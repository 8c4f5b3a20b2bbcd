/// A self-crossing ring made simple the way GEOS `MakeValid` (the linework method) would,
/// then reduced to what a lasso can be: the exterior ring of the largest polygon, holes
/// filled (docs/commands.md).
///
/// The ring is split at every point where it meets itself, the pieces form the faces of
/// a planar graph, and the faces an even number of edges away from the outside are left
/// out (a loop drawn inside the lasso is a hole; a loop beside it is a polygon of its
/// own). The largest of the polygons keeps its outer boundary. A finger that overshoots
/// the start and closes with a small extra loop gets its big loop back.
public struct RingRepair: Hashable, Sendable {
    /// The repaired ring, each point once (not closed), in the input's orientation when
    /// the input has one, starting at its least point (by x, then y).
    public let points: [Point]
    /// The area of every polygon the linework makes (what the drawing enclosed).
    public let enclosedArea: Double
    /// The area of the largest of them (its holes not counted).
    public let keptArea: Double
    /// The area inside ``points`` (the largest polygon with its holes filled).
    public let area: Double

    /// The share of ``enclosedArea`` left out: 0 when the drawing made one polygon.
    public var droppedAreaFraction: Double {
        enclosedArea > 0 ? Swift.max(0, 1 - keptArea / enclosedArea) : 0
    }

    /// Why a ring could not be repaired.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The ring encloses no area at all (its points lie on a line, or it retraces itself).
        case noArea
        /// The ring meets itself so often that it is a scribble, not a lasso.
        case tooTangled
        /// A coordinate is NaN or infinite.
        case notFinite

        public var description: String {
            switch self {
            case .noArea: "it encloses no area"
            case .tooTangled: "it crosses itself too often to be a lasso (redraw it)"
            case .notFinite: "a coordinate is not a finite number"
            }
        }
    }

    /// Repairs the closed ring through `points` (the last point joins the first).
    ///
    /// - Complexity: O(*n* log *n* + *p* + *k* log *k*) for *n* points, *p* pairs of edges
    ///   whose x- and y-ranges overlap and *k* contacts; past 64 pairs per edge plus a
    ///   million, ``Failure/tooTangled``.
    public init(_ points: [Point]) throws(Failure) {
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { throw .notFinite }
        let faces: PlanarFaces
        do { faces = try PlanarFaces(closedPolyline: points) } catch { throw .tooTangled }
        let odd = faces.parities()
        var enclosed = 0.0
        var largest: (face: Int, area: Double)? = nil
        for f in faces.walks.indices where odd[f] && faces.doubledAreas[f] > 0 {
            enclosed += faces.doubledAreas[f]
            if faces.doubledAreas[f] > largest?.area ?? 0 { largest = (f, faces.doubledAreas[f]) }
        }
        guard let largest else { throw .noArea }
        var ring = faces.outerBoundary(of: largest.face)
        let area = Ring.doubledSignedArea(of: ring)
        guard ring.count >= 3, area > 0 else { throw .noArea }
        // The traced loop is counter-clockwise (positive); follow the input's sense.
        if Ring.doubledSignedArea(of: points) < 0 { ring.reverse() }
        let least = ring.indices.min { ring[$0] < ring[$1] }!
        self.points = Array(ring[least...] + ring[..<least])
        self.enclosedArea = enclosed / 2
        self.keptArea = largest.area / 2
        self.area = area / 2
    }
}

import RemoRoom
import RemoShapes

/// A seeded 50-item list across the clearance categories, some pieces too big.
public enum Self50Items {
    /// The list, the same on every call.
    public static func make() -> [Product] {
        var rng = SplitMix64(seed: 5)
        let categories = ["sofa", "bed", "dining table", "chair", "storage", "desk", "lamp", "coffee table"]
        return (0..<50).map { i in
            Product(
                id: "p\(i)", category: categories[i % categories.count], width: Double.random(in: 0.4...2.6, using: &rng),
                depth: Double.random(in: 0.4...2.2, using: &rng), height: Double.random(in: 0.4...2.2, using: &rng))
        }
    }
}

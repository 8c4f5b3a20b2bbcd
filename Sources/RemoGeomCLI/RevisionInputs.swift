import ArgumentParser
import RemoService

/// The three inputs of `composite` and `drift`: the image sent to the generator, its answer
/// and the region document, each a file or `-`.
struct RevisionInputs {
    var before: Input
    var after: Input
    var regions: Input

    /// The inputs the options name.
    init(before: String, after: String, regions: String) {
        (self.before, self.after, self.regions) = (Input(argument: before), Input(argument: after), Input(argument: regions))
    }

    /// Refuses more than one of them on standard input.
    static func validate(before: String, after: String, regions: String) throws {
        if [before, after, regions].filter({ $0 == "-" }).count > 1 {
            throw ValidationError("Only one of --before, --after and --regions can read standard input.")
        }
    }

    /// Their bytes (images up to 512 MB), and how messages name them.
    func read() throws(JobError) -> Files {
        Files(
            before: try InputFiles.read(before, limit: 512 << 20).get(), after: try InputFiles.read(after, limit: 512 << 20).get(),
            regions: try InputFiles.read(regions).get(), names: (before.name, after.name, regions.name))
    }

    /// The three inputs' bytes. The images are taken out (``take(_:)``) straight into the
    /// job, which lets go of each once it is decoded: held here too, both files would stay in
    /// memory for the whole job.
    struct Files {
        var before: [UInt8]
        var after: [UInt8]
        let regions: [UInt8]
        let names: (String, String, String)

        /// The bytes of one image, no longer held here.
        mutating func take(_ image: WritableKeyPath<Files, [UInt8]>) -> [UInt8] {
            defer { self[keyPath: image] = [] }
            return self[keyPath: image]
        }
    }
}

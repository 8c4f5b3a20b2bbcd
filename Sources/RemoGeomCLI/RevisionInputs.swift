import ArgumentParser
import RemoService

/// The three inputs of `composite` and `drift`, their options alike in both: the image sent
/// to the generator, its answer and the region document, each a file or `-`.
struct RevisionInputs: ParsableArguments {
    @Option(help: "The image sent to the generator (PNG, JPEG or HEIC), or - for standard input.")
    var before: String

    @Option(help: "The generator's image (PNG, JPEG or HEIC), or - for standard input.")
    var after: String

    @Option(help: "The region document (JSON) of --before, or - for standard input.")
    var regions: String

    /// Refuses more than one of them on standard input.
    func validate() throws {
        if [before, after, regions].filter({ $0 == "-" }).count > 1 {
            throw ValidationError("Only one of --before, --after and --regions can read standard input.")
        }
    }

    /// Their bytes (images up to 512 MB), and how messages name them.
    func read() throws(JobError) -> Files {
        let (before, after, regions) = (Input(argument: self.before), Input(argument: self.after), Input(argument: self.regions))
        return Files(
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

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
    func read() throws(JobError) -> (before: [UInt8], after: [UInt8], regions: [UInt8], names: (String, String, String)) {
        (
            try InputFiles.read(before, limit: 512 << 20).get(), try InputFiles.read(after, limit: 512 << 20).get(),
            try InputFiles.read(regions).get(), (before.name, after.name, regions.name)
        )
    }
}

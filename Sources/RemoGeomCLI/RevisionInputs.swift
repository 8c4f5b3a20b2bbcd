import ArgumentParser
import RemoImage
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

    /// The images (up to 512 MB each: regular files left open, to be read as they are
    /// decoded), the document's bytes, and how messages name them.
    func read() throws(JobError) -> Files {
        let (before, after, regions) = (Input(argument: self.before), Input(argument: self.after), Input(argument: self.regions))
        return Files(
            before: try InputFiles.image(before, limit: 512 << 20).get(), after: try InputFiles.image(after, limit: 512 << 20).get(),
            regions: try InputFiles.read(regions).get(), names: (before.name, after.name, regions.name))
    }

    /// The three inputs. The images are taken out (``take(_:)``) straight into the job,
    /// which lets go of each once it is decoded: held here too, an image read from standard
    /// input would stay in memory for the whole job.
    struct Files {
        var before: ImageInput
        var after: ImageInput
        let regions: [UInt8]
        let names: (String, String, String)

        /// One image, no longer held here.
        mutating func take(_ image: WritableKeyPath<Files, ImageInput>) -> ImageInput {
            defer { self[keyPath: image] = .bytes([]) }
            return self[keyPath: image]
        }
    }
}

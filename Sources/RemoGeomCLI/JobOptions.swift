import ArgumentParser
import RemoService

/// The command line's side of the jobs' request types: options are taken as text and
/// read by the request (`RenderRequest(_:)` and the like), so a value is parsed, limited
/// and refused in one place for every front end. A refusal is a usage error (exit 2).
enum JobOptions {
    /// The request `make` builds from the options, or a usage error with its message.
    static func request<Request>(_ make: () throws(JobError) -> Request) throws(ValidationError) -> Request {
        do { return try make() } catch { throw ValidationError(error.message) }
    }
}

extension ArgumentHelp {
    /// The help of a job's parameter, as the request declares it.
    init(_ parameter: Parameter) {
        self.init(parameter.help)
    }
}

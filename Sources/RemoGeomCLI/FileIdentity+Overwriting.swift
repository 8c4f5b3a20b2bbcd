import ArgumentParser
import RemoFiles

extension FileIdentity {
    /// A usage error when `output` names the same file as one of `inputs` (option name,
    /// path), unless `overwrite`; standard input and output (`-`) are never files here.
    static func refuseOverwriting(_ output: String?, option: String, inputs: [(String, String?)], overwrite: Bool) throws {
        guard !overwrite, let output, output != "-" else { return }
        for (name, path) in inputs {
            guard let path, path != "-", same(output, path) else { continue }
            throw ValidationError("\(option) \(output) is the file given as \(name); pass --overwrite to replace it.")
        }
    }
}

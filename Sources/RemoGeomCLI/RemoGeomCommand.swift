import ArgumentParser
import Foundation

/// The `remo-geom` command line: validation, chips, rendering, room scans and fit
/// badges for Remo's lasso annotations.
public struct RemoGeomCommand: ParsableCommand {
    /// The command's name, summary and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "remo-geom",
        abstract: "Geometry and pictures for Remo's lasso annotations and room scans.",
        discussion: """
            Exit status: 0 when everything is valid, 1 when something is invalid, \
            2 for bad usage or an input that could not be read.
            """,
        version: "0.1.0",
        subcommands: [
            DemoCommand.self, ValidateCommand.self, ChipsCommand.self, RenderCommand.self, RoomCommand.self, FitCommand.self,
            PhotoCommand.self, RepairCommand.self, SimplifyCommand.self, MaskCommand.self, DimensionsCommand.self, PrepareCommand.self,
            CompositeCommand.self, DriftCommand.self, BundleCommand.self,
            ServeCommand.self,
        ]
    )

    /// The command with no options set (argument parsing fills them).
    public init() {}
}

extension ParsableCommand {
    /// Parses the arguments and runs the command, exiting with the documented exit statuses (docs/formats.md):
    /// bad usage (an unknown option, a missing or malformed value) exits 2, where
    /// ArgumentParser's own `main()` would exit 64; results that could not be written to
    /// standard output (a full disk, a closed pipe) exit 2 with a message, never 0.
    /// `remo-geom-bench` runs the same way.
    public static func runAndExit(_ arguments: [String]? = nil) -> Never {
        // A closed pipe is a write error to report, not a signal that ends the process.
        signal(SIGPIPE, SIG_IGN)
        var failure: Error? = nil
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            failure = error
        }
        if let reason = Console.outputFailure {
            Console.error("remo-geom: the results could not be written to standard output: \(reason)")
            exit(withError: ExitCode(2))
        }
        guard let failure else { exit(withError: nil) }
        guard exitCode(for: failure) == .validationFailure else { exit(withError: failure) }
        Console.error(fullMessage(for: failure))
        exit(withError: ExitCode(2))
    }
}

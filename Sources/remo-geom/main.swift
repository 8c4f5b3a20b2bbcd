import RemoGeomCLI

// The commands live in RemoGeomCLI so tests can run them in-process.
RemoGeomCommand.runAndExit()

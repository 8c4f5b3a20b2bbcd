import RemoGeomCLI

BenchCommand.runAndExit()

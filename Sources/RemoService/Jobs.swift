/// The jobs of remo-geom, one function each, shared by every front end: the command
/// line, the HTTP service and the Temporal worker. Each takes the request as bytes and
/// options and returns a typed result with its JSON (or PNG bytes), or throws a
/// ``JobError`` with a stable code. None knows of files, HTTP or Temporal.
public enum Jobs {}

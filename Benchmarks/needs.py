"""What a benchmark needs besides remo-geom, checked before it starts: each script calls
`needs(...)` first, so that a machine without a peer hears what to install instead of
a traceback half-way through a run."""
import importlib.util
import os
import shutil
import sys


def needs(commands=None, modules=None, binary=None):
    """Exits with status 2 and the commands to run when something is missing.

    commands: {program: Debian package}; modules: {Python module: PyPI package};
    binary: the remo-geom the benchmark runs (the release build unless it is given)."""
    missing = []
    debian = sorted({package for program, package in (commands or {}).items() if shutil.which(program) is None})
    pypi = sorted({package for module, package in (modules or {}).items() if importlib.util.find_spec(module) is None})
    if debian:
        missing.append(f"apt-get install -y {' '.join(debian)}")
    if pypi:
        missing.append(f"python3 -m pip install {' '.join(pypi)}")
    if binary and not os.access(binary, os.X_OK):
        missing.append(f"swift build -c release --product remo-geom   (no remo-geom at {binary})")
    if missing:
        print(f"{os.path.basename(sys.argv[0])} needs what this machine lacks; run:\n  " + "\n  ".join(missing), file=sys.stderr)
        sys.exit(2)

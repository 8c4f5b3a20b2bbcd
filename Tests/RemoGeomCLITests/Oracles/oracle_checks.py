"""What the oracle scripts beside this file share: the tally of their checks, printed as the
one JSON object the Swift tests read ({"cases": N, "failures": [...]}), and running
remo-geom with its JSON answer read."""
import json
import subprocess


class Checks:
    """The cases checked and the failures among them, each failure naming its case."""

    def __init__(self):
        self.cases = 0
        self.failures = []

    def check(self, case, condition, message):
        self.cases += 1
        if not condition:
            self.failures.append(f"{case}: {message}")

    def report(self):
        print(json.dumps({"cases": self.cases, "failures": self.failures}))


def run_json(remo, *arguments):
    """Runs remo-geom: its exit status, its standard output read as JSON (None when empty),
    its standard error."""
    done = subprocess.run([remo, *arguments], capture_output=True, text=True)
    return done.returncode, (json.loads(done.stdout) if done.stdout.strip() else None), done.stderr

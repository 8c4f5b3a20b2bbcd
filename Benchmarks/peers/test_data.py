"""The data made elsewhere (Tests/test-data.json), found as the tests find it: in
REMO_TEST_DATA, by default ../shared/data beside the checkout."""
import os
import pathlib
import sys

checkout = pathlib.Path(__file__).resolve().parents[2]
folder = pathlib.Path(os.environ.get("REMO_TEST_DATA") or checkout.parent / "shared" / "data")


def roomplan(name):
    """The path of a real RoomPlan export; exits with status 2 and says so when it is absent."""
    path = folder / "roomplan" / name
    if not path.is_file():
        print(f"{path} is missing: set REMO_TEST_DATA to the test data (docs/testing.md)", file=sys.stderr)
        sys.exit(2)
    return path

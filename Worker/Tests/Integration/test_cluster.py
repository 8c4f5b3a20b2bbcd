"""remo-geom-worker as a cluster runs it: Temporal's frontend behind a real TLS terminator
(haproxy, ALPN h2) with a CA the test makes, mutual TLS, an API key; images, scans and
outputs by presigned URL on an S3-compatible store (moto's server, URLs made by boto3);
/metrics and /healthz (and /healthz during a drain: test_worker.py's SIGTERM test).

    python3 -m unittest discover -s Worker/Tests/Integration -p test_cluster.py -v
"""
import asyncio
import hashlib
import http.server
import json
import os
import shutil
import signal
import tempfile
import threading
import time
import unittest
import urllib.error
import urllib.request

import harness

SAMPLES = harness.SAMPLES
load = harness.load
load_bytes = harness.load_bytes


def validation(queue):
    return {"activity": "ValidateRegions", "taskQueue": queue, "argument": {"document": load("regions", "valid.json")},
            "attempts": 2}


class TLSTests(unittest.IsolatedAsyncioTestCase):
    """The worker reaches Temporal through haproxy: TLS with the test's CA, mutual TLS, an
    API key; and each wrong setting is refused with a line that says why."""

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="remo-tls-")
        cls.certificates = harness.make_certificates(cls.folder)
        os.makedirs(os.path.join(cls.folder, "in"))
        shutil.copy(os.path.join(SAMPLES, "design.png"), os.path.join(cls.folder, "in", "design.png"))
        cls.server = harness.DevServer().start()

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()
        shutil.rmtree(cls.folder, ignore_errors=True)

    async def asyncSetUp(self):
        self.client = await harness.connect(self.server)

    def terminator(self, **options):
        terminator = harness.TLSTerminator(self.server, self.certificates, self.folder, **options)
        self.addCleanup(terminator.stop)
        return terminator

    def worker(self, terminator, queue, *arguments, environment=None):
        worker = harness.WorkerProcess(terminator, self.folder, concurrency=2, name=queue,
                                       arguments=["--task-queue", queue, *arguments], environment=environment)
        self.addCleanup(lambda: worker.process.poll() is None and worker.kill())
        return worker

    async def assert_served(self, worker, queue):
        """A validation and a render on `queue` complete through the terminator."""
        calls = [validation(queue),
                 {"activity": "RenderAnnotation", "taskQueue": queue, "heartbeat": 5,
                  "argument": {"image": "in/design.png", "regions": load("regions", "valid.json"),
                               "output": f"out/{queue}.png"}}]
        async with harness.workflow_worker(self.client):
            answers, _ = await asyncio.wait_for(harness.run_calls(self.client, calls), 60)
        self.assertEqual(answers[0]["result"]["valid"], True, worker.stderr())
        with open(os.path.join(self.folder, "out", f"{queue}.png"), "rb") as f:
            self.assertEqual(answers[1]["result"]["sha256"], hashlib.sha256(f.read()).hexdigest())
        self.assertIn("over TLS", worker.stderr())

    def assert_refused(self, worker, *reasons):
        """The worker keeps trying and says why it cannot reach Temporal."""
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and not all(r in worker.stderr() for r in reasons):
            time.sleep(0.2)
        self.assertEqual(worker.terminate(), 0)
        log = worker.stderr()
        for reason in reasons:
            self.assertIn(reason, log)
        self.assertNotIn("activity type=", log)

    async def test_tls_with_a_ca_of_its_own(self):
        terminator = self.terminator()
        good = self.worker(terminator, "tls-ca", "--tls-ca", self.certificates["ca"], "--tls-server-name", "localhost")
        await self.assert_served(good, "tls-ca")
        self.assertEqual(good.terminate(), 0)
        # The certificate's name is checked: the address alone, or another name, is refused.
        self.assert_refused(self.worker(terminator, "tls-address", "--tls-ca", self.certificates["ca"]),
                            "TLS failed", "failedToValidateHostname")
        self.assert_refused(
            self.worker(terminator, "tls-wrong-name", "--tls-ca", self.certificates["ca"], "--tls-server-name", "temporal.example"),
            "TLS failed", "temporal.example")
        # Another CA, or the system's roots: the test's CA is in neither.
        self.assert_refused(self.worker(terminator, "tls-other-ca", "--tls-ca", self.certificates["other_ca"],
                                        "--tls-server-name", "localhost"), "TLS failed", "CERTIFICATE_VERIFY_FAILED")
        self.assert_refused(self.worker(terminator, "tls-system", "--tls", "--tls-server-name", "localhost"),
                            "TLS failed", "CERTIFICATE_VERIFY_FAILED")
        # Plaintext to a TLS port.
        self.assert_refused(self.worker(terminator, "tls-plain"), "cannot reach Temporal")

    async def test_mutual_tls(self):
        terminator = self.terminator(client_ca=self.certificates["ca"])
        worker = self.worker(terminator, "mtls", "--tls-ca", self.certificates["ca"], "--tls-server-name", "localhost",
                             "--tls-cert", self.certificates["client_cert"], "--tls-key", self.certificates["client_key"])
        await self.assert_served(worker, "mtls")
        self.assertEqual(worker.terminate(), 0)
        self.assert_refused(self.worker(terminator, "mtls-none", "--tls-ca", self.certificates["ca"], "--tls-server-name", "localhost"),
                            "cannot reach Temporal")

    async def test_an_api_key(self):
        terminator = self.terminator(api_key="remo-test-key")
        # From the variable Temporal's SDKs read; it turns TLS on.
        worker = self.worker(terminator, "api-key", "--tls-ca", self.certificates["ca"], "--tls-server-name", "localhost",
                             environment={"REMO_TEMPORAL_API_KEY": "remo-test-key"})
        await self.assert_served(worker, "api-key")
        self.assertEqual(worker.terminate(), 0)
        self.assert_refused(
            self.worker(terminator, "api-key-wrong", "--tls-ca", self.certificates["ca"], "--tls-server-name", "localhost",
                        "--api-key", "wrong"),
            "unauthenticated", "the server wants credentials")

    def test_tls_settings_that_cannot_work_exit_2(self):
        missing = os.path.join(self.folder, "missing.pem")
        for arguments, environment, message in [
            (["--tls-ca", missing], {}, "--tls-ca (REMO_TLS_CA, or tlsCa in the configuration file): cannot read the CA"),
            (["--tls-cert", self.certificates["client_cert"]], {},
             "--tls-key (REMO_TLS_KEY, or tlsKey in the configuration file): is needed with a certificate"),
            (["--tls-cert", self.certificates["client_cert"], "--tls-key", self.certificates["ca"]], {},
             "cannot read the private key"),
            # An API key is never sent in the clear.
            (["--api-key", "k"], {"REMO_TLS": "false"}, "an API key is never sent in the clear"),
            ([], {"REMO_TLS": "maybe"}, "--tls (REMO_TLS, or tls in the configuration file) must be true, 1, false or 0"),
            (["--fetch-allow", "http://store"], {}, "takes host, host:port, *.domain or *, not http://store"),
        ]:
            out = harness.run_worker(["--temporal", self.server.address, *arguments], environment)
            self.assertEqual(out.returncode, 2, (arguments, out.stderr))
            self.assertIn(message, out.stderr)


class Redirector(http.server.BaseHTTPRequestHandler):
    """A small web server for the cases a store does not make: a redirect elsewhere, a
    redirect on the same host, a 503."""
    store_url = ""
    photo = b""

    def do_GET(self):  # noqa: N802 - http.server's name
        if self.path == "/elsewhere":
            self.send_response(302)
            self.send_header("Location", self.store_url)
            self.end_headers()
        elif self.path == "/same-host":
            self.send_response(302)
            self.send_header("Location", "/photo.jpg")
            self.end_headers()
        elif self.path == "/photo.jpg":
            self.send_response(200)
            self.send_header("Content-Length", str(len(self.photo)))
            self.end_headers()
            self.wfile.write(self.photo)
        else:
            self.send_response(503)
            self.send_header("Content-Length", "0")
            self.end_headers()

    def log_message(self, *args):
        pass


class URLTests(unittest.IsolatedAsyncioTestCase):
    """Inputs fetched and outputs put by URL on an S3-compatible store, with presigned URLs,
    and every refusal the contract names."""

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="remo-urls-")
        cls.store = harness.ObjectStore(cls.folder)
        cls.store.put("in/design.png", load_bytes("design.png"))
        cls.store.put("in/sharp.jpg", load_bytes("photos", "sharp.jpg"))
        cls.store.put("in/living-room.json", load_bytes("rooms", "living-room.json"))
        cls.store.put("in/big.bin", b"\0" * (3 << 20))
        Redirector.store_url = cls.store.get_url("in/sharp.jpg")
        Redirector.photo = load_bytes("photos", "sharp.jpg")
        cls.web = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Redirector)
        threading.Thread(target=cls.web.serve_forever, daemon=True).start()
        cls.web_host = f"127.0.0.1:{cls.web.server_port}"
        # The store over https too, as localhost (the name its certificate carries).
        cls.certificates = harness.make_certificates(cls.folder)
        cls.store_tls = harness.TLSTerminator(cls.store, cls.certificates, cls.folder, http1=True)
        cls.https_host = f"localhost:{cls.store_tls.port}"
        cls.server = harness.DevServer().start()
        cls.metrics_port = harness.free_port()
        allow = ["--fetch-allow", cls.store.host, "--fetch-allow", cls.web_host, "--fetch-allow", cls.https_host]
        cls.workers = [
            harness.WorkerProcess(cls.server, cls.folder, concurrency=2, name="urls", arguments=[
                "--task-queue", "urls", *allow, "--fetch-allow-http", "--fetch-max-bytes", "2M",
                "--fetch-ca", cls.certificates["ca"], "--metrics-port", str(cls.metrics_port)]),
            # `*` allows any host, but not a loopback address.
            harness.WorkerProcess(cls.server, cls.folder, concurrency=1, name="star", arguments=[
                "--task-queue", "star", "--fetch-allow", "*", "--fetch-allow-http"]),
            # https only, checked against the system's roots.
            harness.WorkerProcess(cls.server, cls.folder, concurrency=1, name="https-only", arguments=[
                "--task-queue", "https-only", *allow]),
        ]

    @classmethod
    def tearDownClass(cls):
        statuses = [worker.terminate() for worker in cls.workers]
        cls.server.stop()
        cls.store_tls.stop()
        cls.store.stop()
        cls.web.shutdown()
        cls.web.server_close()
        shutil.rmtree(cls.folder, ignore_errors=True)
        assert statuses == [0, 0, 0], statuses

    async def asyncSetUp(self):
        self.client = await harness.connect(self.server)

    async def run_calls(self, calls):
        async with harness.workflow_worker(self.client):
            return await asyncio.wait_for(harness.run_calls(self.client, calls), 120)

    async def test_images_scans_and_outputs_by_presigned_url(self):
        valid = os.path.join(SAMPLES, "regions", "valid.json")
        calls = [
            {"activity": "RenderAnnotation", "taskQueue": "urls", "heartbeat": 5,
             "argument": {"image": self.store.get_url("in/design.png"), "regions": load("regions", "valid.json"),
                          "output": self.store.put_url("out/annotated.png"), "options": {"strokeWidth": 3}}},
            {"activity": "CheckPhoto", "taskQueue": "urls", "argument": {"image": self.store.get_url("in/sharp.jpg")}},
            {"activity": "SummarizeRoom", "taskQueue": "urls", "argument": {"scan": self.store.get_url("in/living-room.json")}},
            {"activity": "DrawMask", "taskQueue": "urls",
             "argument": {"regions": load("regions", "valid.json"), "output": self.store.put_url("out/mask.png"),
                          "options": {"region": "lamp"}}},
            # A redirect on the same host is followed.
            {"activity": "CheckPhoto", "taskQueue": "urls", "argument": {"image": f"http://{self.web_host}/same-host"}},
        ]
        answers, _ = await self.run_calls(calls)
        results = [a.get("result", a) for a in answers]
        expected = os.path.join(self.folder, "expected.png")
        harness.cli("render", "--image", os.path.join(SAMPLES, "design.png"), "--regions", valid, "--output", expected,
                    "--stroke-width", "3")
        with open(expected, "rb") as f:
            expected_bytes = f.read()
        put = self.store.get("out/annotated.png")
        self.assertEqual(put, expected_bytes, "the object put differs from the command line's render")
        self.assertEqual((results[0]["bytes"], results[0]["sha256"]), (len(put), hashlib.sha256(put).hexdigest()))
        self.assertEqual(results[0]["output"], calls[0]["argument"]["output"])
        photo = json.loads(harness.cli("photo", "--format", "json", os.path.join(SAMPLES, "photos", "sharp.jpg")))
        self.assertEqual(results[1], {k: v for k, v in photo.items() if k != "file"})
        room = json.loads(harness.cli("room", "--format", "json", os.path.join(SAMPLES, "rooms", "living-room.json")))
        self.assertEqual(results[2], {k: v for k, v in room.items() if k != "file"})
        expected_mask = os.path.join(self.folder, "expected-mask.png")
        harness.cli("mask", "--regions", valid, "--output", expected_mask, "--region", "lamp")
        with open(expected_mask, "rb") as f:
            self.assertEqual(self.store.get("out/mask.png"), f.read())
        self.assertEqual(results[4], results[1])

    def https(self, url):
        """A presigned URL of the store, through its TLS terminator."""
        return url.replace(f"http://{self.store.host}", f"https://{self.https_host}")

    async def test_https_checked_against_the_ca_given(self):
        calls = [
            {"activity": "CheckPhoto", "taskQueue": "urls", "argument": {"image": self.https(self.store.get_url("in/sharp.jpg"))}},
            {"activity": "DrawMask", "taskQueue": "urls",
             "argument": {"regions": load("regions", "valid.json"), "output": self.https(self.store.put_url("out/mask-tls.png")),
                          "options": {"region": "rug"}}},
            # Without --fetch-ca the system's roots do not know the test's CA.
            {"activity": "CheckPhoto", "taskQueue": "https-only", "attempts": 3,
             "argument": {"image": self.https(self.store.get_url("in/sharp.jpg"))}},
        ]
        started = time.monotonic()
        answers, _ = await self.run_calls(calls)
        elapsed = time.monotonic() - started
        photo = json.loads(harness.cli("photo", "--format", "json", os.path.join(SAMPLES, "photos", "sharp.jpg")))
        self.assertEqual(answers[0].get("result"), {k: v for k, v in photo.items() if k != "file"}, answers[0])
        mask = self.store.get("out/mask-tls.png")
        self.assertEqual(answers[1]["result"]["sha256"], hashlib.sha256(mask).hexdigest())
        self.assertEqual(answers[2]["error"]["type"], "fetch-failed", answers[2])
        self.assertIn("CERTIFICATE_VERIFY_FAILED", answers[2]["error"]["message"])
        self.assertTrue(answers[2]["error"]["nonRetryable"], "a certificate refused would be refused again")
        # Refused at the first handshake, not after retrying it until the connect timeout (10 s).
        self.assertLess(elapsed, 8, "a refused certificate is answered at once")

    async def test_what_may_not_be_fetched_fails_once_and_says_why(self):
        image = self.store.get_url("in/design.png")
        document = load("regions", "valid.json")

        def render(queue, image, output, **extra):
            return {"activity": "RenderAnnotation", "taskQueue": queue, "attempts": 3,
                    "argument": {"image": image, "regions": document, "output": output, **extra}}

        cases = [
            # (call, error type, words of the message)
            (render("urls", "http://127.0.0.1:9/design.png", "out/x.png"), "url-not-allowed", "127.0.0.1:9 is not allowed"),
            (render("star", image, "out/x.png"), "url-not-allowed", "a private, loopback or link-local address"),
            (render("https-only", image, "out/x.png"), "url-not-allowed", "only https:// URLs are fetched"),
            (render("urls", self.store.get_url("in/big.bin"), "out/x.png"), "too-large", "over 2097152 bytes"),
            (render("urls", f"http://{self.web_host}/elsewhere", "out/x.png"), "url-not-allowed",
             "redirects are followed only on the same host"),
            # An output URL is checked before the work is done.
            (render("urls", image, "http://127.0.0.1:9/out.png"), "url-not-allowed", "127.0.0.1:9 is not allowed"),
            # A store's refusal (no such bucket) would be the same next time.
            (render("urls", image, f"http://{self.store.host}/no-such-bucket/out.png"), "fetch-failed", "HTTP 404"),
            # The output is the input's object.
            (render("urls", image, self.store.put_url("in/design.png")), "invalid-request", "never writes over its input"),
        ]
        answers, handle = await self.run_calls([call for call, _, _ in cases])
        for (call, code, words), answer in zip(cases, answers):
            with self.subTest(code=code, words=words):
                self.assertIn("error", answer)
                self.assertEqual(answer["error"]["type"], code, answer)
                self.assertTrue(answer["error"]["nonRetryable"], answer)
                self.assertIn(words, answer["error"]["message"])
                self.assertNotIn("Signature=", answer["error"]["message"], "a presigned URL's signature in a message")
        self.assertEqual(await harness.activity_attempts(handle), [1] * len(cases))

    async def test_a_store_that_is_down_is_retried_and_overwrite_is_allowed_when_asked(self):
        calls = [
            {"activity": "CheckPhoto", "taskQueue": "urls", "attempts": 2,
             "argument": {"image": f"http://{self.web_host}/down"}},
            {"activity": "RenderAnnotation", "taskQueue": "urls",
             "argument": {"image": self.store.get_url("in/design-copy.png"), "regions": load("regions", "valid.json"),
                          "output": self.store.put_url("in/design-copy.png"), "overwrite": True}},
        ]
        self.store.put("in/design-copy.png", load_bytes("design.png"))
        answers, handle = await self.run_calls(calls)
        self.assertEqual(answers[0]["error"]["type"], "fetch-failed")
        self.assertFalse(answers[0]["error"]["nonRetryable"])
        self.assertEqual(answers[0]["error"]["retryState"], "MAXIMUM_ATTEMPTS_REACHED")
        self.assertIn("HTTP 503", answers[0]["error"]["message"])
        replaced = self.store.get("in/design-copy.png")
        self.assertNotEqual(replaced, load_bytes("design.png"))
        self.assertEqual(answers[1]["result"]["sha256"], hashlib.sha256(replaced).hexdigest())

    async def test_metrics_and_health(self):
        base = f"http://127.0.0.1:{self.metrics_port}"
        with urllib.request.urlopen(base + "/healthz", timeout=5) as response:
            self.assertEqual(response.status, 200)
            health = json.loads(response.read())
        self.assertEqual((health["status"], health["slots"]), ("ok", 2))
        before = scrape(base)
        calls = [validation("urls") for _ in range(3)] + [
            {"activity": "ValidateRegions", "taskQueue": "urls", "argument": {"document": "not an object"}}] * 2
        await self.run_calls(calls)
        after = scrape(base)

        def grown(name, **labels):
            return after.get((name, tuple(sorted(labels.items()))), 0) - before.get((name, tuple(sorted(labels.items()))), 0)

        self.assertEqual(grown("remo_worker_activities_total", type="ValidateRegions", outcome="completed"), 3)
        self.assertEqual(grown("remo_worker_activities_total", type="ValidateRegions", outcome="failed"), 2)
        self.assertEqual(grown("remo_worker_activity_seconds_count", type="ValidateRegions"), 5)
        self.assertGreaterEqual(grown("remo_worker_polls_total", result="task"), 5)
        self.assertEqual(after[("remo_worker_slots", ())], 2)
        self.assertEqual(after[("remo_worker_slots_busy", ())], 0)
        self.assertEqual(after[("remo_worker_temporal_connected", ())], 1)
        with self.assertRaises(urllib.error.HTTPError) as caught:
            urllib.request.urlopen(base + "/nothing-here", timeout=5)
        self.assertEqual(caught.exception.code, 404)


def scrape(base):
    """/metrics through Prometheus's own parser: {(sample name, labels): value}."""
    from prometheus_client.parser import text_string_to_metric_families
    with urllib.request.urlopen(base + "/metrics", timeout=5) as response:
        text = response.read().decode()
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


if __name__ == "__main__":
    unittest.main()

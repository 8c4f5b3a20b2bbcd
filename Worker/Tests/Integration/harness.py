"""Processes for the integration tests: a Temporal development server on a free loopback
port, remo-geom-worker processes, and a client with the test workflows registered."""
import asyncio
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

from temporalio.api.enums.v1 import PendingActivityState
from temporalio.client import Client
from temporalio.worker import Worker

import workflows

HERE = os.path.dirname(os.path.abspath(__file__))
WORKER_PACKAGE = os.path.dirname(os.path.dirname(HERE))
ROOT = os.path.dirname(WORKER_PACKAGE)
WORKER = os.environ.get("REMO_WORKER", os.path.join(WORKER_PACKAGE, ".build", "debug", "remo-geom-worker"))
CLI = os.environ.get("REMO_GEOM", os.path.join(ROOT, ".build", "debug", "remo-geom"))
TEMPORAL = os.path.join(os.path.dirname(sys.executable), "temporal")
WORKFLOW_QUEUE = "remo-geom-tests"
SAMPLES = os.path.join(ROOT, "SampleScans")


def load(*parts):
    """A sample's JSON, by its path under SampleScans/."""
    with open(os.path.join(SAMPLES, *parts)) as f:
        return json.load(f)


def load_bytes(*parts):
    """A sample's bytes, by its path under SampleScans/."""
    with open(os.path.join(SAMPLES, *parts), "rb") as f:
        return f.read()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class DevServer:
    """`temporal server start-dev` on loopback, every port chosen free."""

    def __init__(self, port=None):
        self.port = port or free_port()
        self.process = None

    def start(self):
        self.log = open(os.path.join(tempfile.gettempdir(), f"temporal-{self.port}.log"), "ab")
        self.process = subprocess.Popen(
            [TEMPORAL, "server", "start-dev", "--ip", "127.0.0.1", "--port", str(self.port), "--headless",
             "--http-port", str(free_port()), "--metrics-port", str(free_port()), "--log-level", "error"],
            stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                return self
            time.sleep(0.05)
        raise RuntimeError(f"the Temporal dev server did not listen on {self.port}")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process:
            self.log.close()

    @property
    def address(self):
        return f"127.0.0.1:{self.port}"


class WorkerProcess:
    """One remo-geom-worker, its standard error kept in a file."""

    def __init__(self, server, files_root, concurrency=2, name="worker", arguments=(), environment=None):
        self.log_path = os.path.join(files_root, f".{name}-{os.getpid()}-{time.monotonic_ns()}.log")
        self.log = open(self.log_path, "wb")
        self.process = subprocess.Popen(
            [WORKER, "--temporal", server.address, "--files-root", files_root, "--concurrency", str(concurrency),
             "--identity", name, *arguments],
            stdout=self.log, stderr=subprocess.STDOUT, env={**os.environ, **(environment or {})})

    def stderr(self):
        with open(self.log_path, encoding="utf-8", errors="replace") as f:
            return f.read()

    def wait_for(self, text, timeout=30):
        """Waits until the worker's standard error holds `text` (at most `timeout` seconds, and
        no longer than the worker lives); says whether it came."""
        deadline = time.monotonic() + timeout
        while text not in self.stderr():
            if time.monotonic() > deadline or self.process.poll() is not None:
                return text in self.stderr()
            time.sleep(0.05)
        return True

    def terminate(self, timeout=60):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        status = self.process.wait(timeout)
        self.log.close()
        return status

    def pause(self):
        """Freezes the worker (SIGSTOP): it holds what it holds and completes nothing."""
        self.process.send_signal(signal.SIGSTOP)

    def resume(self):
        self.process.send_signal(signal.SIGCONT)

    def kill(self):
        self.process.kill()
        self.process.wait()
        self.log.close()

    def children(self):
        """The worker's live child processes (its image jobs' processes), by pid."""
        found = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                fields = _stat(entry)
                if fields and int(fields[1]) == self.process.pid:
                    found.append(int(entry))
        return found

    def cpu_seconds(self):
        """User plus system time so far of the worker and of its image jobs' processes, from
        /proc: its own, its finished children's, and its live children's."""
        total = 0
        for pid in [self.process.pid] + self.children():
            fields = _stat(pid)
            if fields:
                total += sum(int(fields[k]) for k in (11, 12, 13, 14))
        return total / os.sysconf("SC_CLK_TCK")


def _stat(pid):
    """The fields of /proc/PID/stat after the command's name (state first), or None."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None


async def until_idle(worker, timeout, quiet=0.05, window=1.0):
    """Waits until the worker uses under `quiet` s of CPU in `window` s; False after `timeout` s."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        before = worker.cpu_seconds()
        await asyncio.sleep(window)
        if worker.cpu_seconds() - before < quiet:
            return True
    return False


def clean_up(root, server, *workers):
    """Kills the workers still running, stops the server and removes the files root."""
    for worker in workers:
        if worker.process.poll() is None:
            worker.kill()
    server.stop()
    shutil.rmtree(root, ignore_errors=True)


async def connect(server):
    for _ in range(100):
        try:
            return await Client.connect(server.address)
        except Exception:  # noqa: BLE001 - the server is still starting
            await asyncio.sleep(0.1)
    return await Client.connect(server.address)


@contextlib.asynccontextmanager
async def workflow_worker(client):
    async with Worker(client, task_queue=WORKFLOW_QUEUE,
                      workflows=[workflows.RunActivities, workflows.CancelActivity, workflows.FanOut]):
        yield


async def run_calls(client, calls, workflow_id=None):
    """Runs a RunActivities workflow over `calls`; returns (answers, handle)."""
    handle = await client.start_workflow(
        workflows.RunActivities.run, calls, id=workflow_id or f"calls-{time.monotonic_ns()}",
        task_queue=WORKFLOW_QUEUE)
    return await handle.result(), handle


async def activities_held(handles, identity):
    """How many activities of the workflows a worker of that identity has started and not
    yet answered, as the server sees it."""
    held = 0
    for handle in handles:
        description = (await handle.describe()).raw_description
        held += sum(1 for activity in description.pending_activities
                    if activity.state == PendingActivityState.PENDING_ACTIVITY_STATE_STARTED
                    and activity.last_worker_identity == identity)
    return held


async def activity_attempts(handle):
    """The attempt number of every activity start in the workflow's history."""
    attempts = []
    async for event in handle.fetch_history_events():
        if event.HasField("activity_task_started_event_attributes"):
            attempts.append(event.activity_task_started_event_attributes.attempt)
    return attempts


def run_worker(arguments, environment=None, timeout=30):
    """remo-geom-worker run to its end (bad usage exits at once)."""
    return subprocess.run([WORKER, *arguments], capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, **(environment or {})})


def cli(*args, check=True):
    """The remo-geom command line's standard output for the same job."""
    out = subprocess.run([CLI, *args], capture_output=True, text=True)
    if check and out.returncode not in (0, 1):
        raise RuntimeError(f"remo-geom {' '.join(args)}: exit {out.returncode}: {out.stderr}")
    return out.stdout


HAPROXY = shutil.which("haproxy") or "/usr/sbin/haproxy"


def make_certificates(folder):
    """A CA made for the test, a server certificate from it for the name localhost (no IP
    address among its names, so that a connection by address must say the name), a client
    certificate from it (for mutual TLS), and a second CA that signed neither. Returns
    the paths by name: ca, other_ca, server (certificate and key, as haproxy reads them),
    client_cert, client_key."""
    def run(*args):
        subprocess.run(["openssl", *args], check=True, capture_output=True, cwd=folder)

    for ca in ("ca", "other-ca"):
        run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", f"/CN=remo test {ca}",
            "-keyout", f"{ca}.key", "-out", f"{ca}.pem")
    for name, extensions in (("server", "subjectAltName=DNS:localhost\nextendedKeyUsage=serverAuth"),
                             ("client", "extendedKeyUsage=clientAuth")):
        with open(os.path.join(folder, f"{name}.ext"), "w") as f:
            f.write(extensions + "\n")
        run("req", "-newkey", "rsa:2048", "-nodes", "-subj", f"/CN=remo test {name}", "-keyout", f"{name}.key",
            "-out", f"{name}.csr")
        run("x509", "-req", "-in", f"{name}.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-days", "2",
            "-extfile", f"{name}.ext", "-out", f"{name}.pem")
    with open(os.path.join(folder, "server-bundle.pem"), "w") as out:
        for part in ("server.pem", "server.key"):
            with open(os.path.join(folder, part)) as f:
                out.write(f.read())
    path = lambda name: os.path.join(folder, name)  # noqa: E731
    return {"ca": path("ca.pem"), "other_ca": path("other-ca.pem"), "server": path("server-bundle.pem"),
            "client_cert": path("client.pem"), "client_key": path("client.key")}


class TLSTerminator:
    """haproxy in front of the Temporal server: TLS with ALPN h2 on a loopback port, HTTP/2
    in clear to the server, as a load balancer in front of Temporal's frontend does. With
    `client_ca` it asks for a client certificate from that CA (mutual TLS); with `api_key`
    it refuses every call without `authorization: Bearer KEY` (401), as Temporal Cloud
    does. With `http1` it fronts an HTTP/1.1 server instead (the object store)."""

    def __init__(self, server, certificates, folder, client_ca=None, api_key=None, http1=False):
        self.port = free_port()
        alpn, proto = ("http/1.1", "") if http1 else ("h2", " proto h2")
        verify = f" ca-file {client_ca} verify required" if client_ca else ""
        key_check = (f'    http-request return status 401 content-type text/plain string unauthenticated '
                     f'unless {{ req.hdr(authorization) -m str "Bearer {api_key}" }}\n') if api_key else ""
        self.config = os.path.join(folder, f"haproxy-{self.port}.cfg")
        with open(self.config, "w") as f:
            f.write(f"""global
    maxconn 256
defaults
    mode http
    timeout connect 5s
    timeout client 300s
    timeout server 300s
frontend temporal_tls
    bind 127.0.0.1:{self.port} ssl crt {certificates['server']} alpn {alpn}{verify}
{key_check}    default_backend temporal
backend temporal
    server frontend {server.address}{proto}
""")
        self.log = open(self.config + ".log", "wb")
        self.process = subprocess.Popen([HAPROXY, "-db", "-f", self.config], stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        raise RuntimeError(f"haproxy did not listen on {self.port}: {open(self.config + '.log').read()}")

    @property
    def address(self):
        return f"127.0.0.1:{self.port}"

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)
        self.log.close()


class ObjectStore:
    """An S3-compatible store on loopback: moto's server mode, with a boto3 client to fill
    it and to make presigned URLs, as a backend does for the worker."""

    def __init__(self, folder):
        import boto3
        self.port = free_port()
        self.log = open(os.path.join(folder, f"moto-{self.port}.log"), "wb")
        self.process = subprocess.Popen([sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(self.port)],
                                        stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                break
            time.sleep(0.05)
        else:
            raise RuntimeError(f"moto's server did not listen on {self.port}")
        self.s3 = boto3.client("s3", endpoint_url=f"http://127.0.0.1:{self.port}", region_name="us-east-1",
                               aws_access_key_id="remo-test", aws_secret_access_key="remo-test-secret")
        self.bucket = "remo-designs"
        self.s3.create_bucket(Bucket=self.bucket)

    @property
    def host(self):
        return f"127.0.0.1:{self.port}"

    address = host

    def put(self, key, data):
        self.s3.put_object(Bucket=self.bucket, Key=key, Body=data)

    def get(self, key):
        return self.s3.get_object(Bucket=self.bucket, Key=key)["Body"].read()

    def get_url(self, key, expires=600):
        return self.s3.generate_presigned_url("get_object", Params={"Bucket": self.bucket, "Key": key}, ExpiresIn=expires)

    def put_url(self, key, expires=600):
        return self.s3.generate_presigned_url("put_object", Params={"Bucket": self.bucket, "Key": key}, ExpiresIn=expires)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)
        self.log.close()

"""The workflows the integration tests start: they call remo-geom-worker's activities by
name on the task queue `remo-geom`, as any workflow of Remo's backend would."""
import asyncio
from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError, CancelledError
from temporalio.workflow import ActivityCancellationType


def _options(call):
    return dict(
        task_queue=call.get("taskQueue", "remo-geom"),
        start_to_close_timeout=timedelta(seconds=call.get("timeout", 30)),
        heartbeat_timeout=timedelta(seconds=call["heartbeat"]) if "heartbeat" in call else None,
        retry_policy=RetryPolicy(
            initial_interval=timedelta(milliseconds=200),
            backoff_coefficient=1.5,
            maximum_attempts=call.get("attempts", 10),
        ),
    )


def _error(e):
    cause = e.cause
    return {
        "error": {
            "type": getattr(cause, "type", None),
            "nonRetryable": getattr(cause, "non_retryable", None),
            "message": getattr(cause, "message", str(cause)),
            "retryState": e.retry_state.name if e.retry_state is not None else None,
        }
    }


@workflow.defn
class RunActivities:
    """Runs every call at once; each answer is {"result": ...} or {"error": ...}."""

    @workflow.run
    async def run(self, calls: list) -> list:
        async def one(call):
            try:
                return {"result": await workflow.execute_activity(call["activity"], call["argument"], **_options(call))}
            except ActivityError as e:
                return _error(e)

        return list(await asyncio.gather(*(one(call) for call in calls)))


@workflow.defn
class CancelActivity:
    """Starts one activity, cancels it after `after` seconds and waits for the worker to
    confirm the cancellation."""

    @workflow.run
    async def run(self, call: dict) -> dict:
        handle = workflow.start_activity(
            call["activity"],
            call["argument"],
            cancellation_type=ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
            **_options(call),
        )
        await workflow.sleep(call["after"])
        handle.cancel()
        try:
            return {"result": await handle}
        except ActivityError as e:
            return {"cancelled": isinstance(e.cause, CancelledError)}


def shifted(document, dx, dy):
    """The document with every region moved by (dx, dy): a different, still valid input."""
    moved = dict(document)
    moved["regions"] = [
        {**region, "points": [{"x": p["x"] + dx, "y": p["y"] + dy} if isinstance(p, dict) else [p[0] + dx, p[1] + dy]
                              for p in region["points"]]}
        for region in document["regions"]]
    return moved


def digest(result):
    """A result in a few bytes, so that thousands fit in a workflow's answer."""
    import hashlib
    import json
    return hashlib.sha256(json.dumps(result, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]


@workflow.defn
class FanOut:
    """ValidateRegions over each of `documents` and RenderAnnotation of `image` with each of
    `renders` (region documents), all at once, the renders to `outputs` (paths or URLs; by
    default out/render-K.png). Answers the digest of each validation and
    each render's result. The documents come made: a workflow task must not compute much
    (the Python SDK's sandbox makes such work slow, and a task that does not yield within
    2 s is failed as a deadlock)."""

    @workflow.run
    async def run(self, spec: dict) -> dict:
        async def validate(document):
            call = {"activity": "ValidateRegions", "timeout": spec.get("timeout", 30), "argument": {"document": document}}
            try:
                return digest(await workflow.execute_activity(call["activity"], call["argument"], **_options(call)))
            except ActivityError as e:
                return _error(e)

        async def render(k, document):
            call = {"activity": "RenderAnnotation", "timeout": spec.get("timeout", 30), "heartbeat": 2,
                    "argument": {"image": spec["image"], "regions": document,
                                 "output": spec["outputs"][k] if spec.get("outputs") else f"out/render-{k}.png"}}
            try:
                return await workflow.execute_activity(call["activity"], call["argument"], **_options(call))
            except ActivityError as e:
                return _error(e)

        validations = [validate(d) for d in spec.get("documents", [])]
        renders = [render(k, d) for k, d in enumerate(spec.get("renders", []))]
        answers = await asyncio.gather(*validations, *renders)
        return {"validate": answers[:len(validations)], "render": answers[len(validations):]}

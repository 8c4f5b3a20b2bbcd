"""The hand-written subset of Temporal's API in Worker/Protos against the official one
(the modules generated from it ship in the temporalio wheel): every message, field and
enum value of the subset must exist in the official files with the same number, type and
label, and the service's methods must take and return the same messages."""
import os
import re
import subprocess
import tempfile
import unittest

from google.protobuf import descriptor_pb2, descriptor_pool

import temporalio.api.workflowservice.v1  # noqa: F401 - registers the official descriptors
import temporalio.api.workflowservice.v1.service_pb2  # noqa: F401

WORKER = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROTOS = os.path.join(WORKER, "Protos")


def subset():
    files = sorted(os.path.relpath(os.path.join(d, f), PROTOS)
                   for d, _, names in os.walk(PROTOS) for f in names if f.endswith(".proto"))
    with tempfile.NamedTemporaryFile(suffix=".pb") as out:
        subprocess.run(["protoc", "-I", PROTOS, "-I", "/usr/include", "--include_imports",
                        f"--descriptor_set_out={out.name}", *files], check=True)
        result = descriptor_pb2.FileDescriptorSet()
        result.ParseFromString(out.read())
    return [f for f in result.file if f.package.startswith("temporal.")]


class ProtoSubsetTests(unittest.TestCase):
    def test_the_subset_matches_the_official_api(self):
        official = descriptor_pool.Default()
        checked = 0
        for file in subset():
            for message in file.message_type:
                full = f"{file.package}.{message.name}"
                theirs = official.FindMessageTypeByName(full)
                for field in message.field:
                    other = theirs.fields_by_name.get(field.name)
                    self.assertIsNotNone(other, f"{full}.{field.name} is not in Temporal's API")
                    self.assertEqual(field.number, other.number, f"{full}.{field.name}: number")
                    self.assertEqual(field.type, other.type, f"{full}.{field.name}: type")
                    repeated = field.label == descriptor_pb2.FieldDescriptorProto.LABEL_REPEATED
                    self.assertEqual(repeated, other.is_repeated, f"{full}.{field.name}: repeated")
                    if field.type_name:
                        self.assertEqual(field.type_name.lstrip("."), other.message_type.full_name
                                         if other.message_type else other.enum_type.full_name, f"{full}.{field.name}")
                    if field.HasField("oneof_index"):
                        self.assertEqual(message.oneof_decl[field.oneof_index].name, other.containing_oneof.name)
                    checked += 1
            for enum in file.enum_type:
                theirs = official.FindEnumTypeByName(f"{file.package}.{enum.name}")
                for value in enum.value:
                    self.assertEqual(value.number, theirs.values_by_name[value.name].number)
            for service in file.service:
                theirs = official.FindServiceByName(f"{file.package}.{service.name}")
                for method in service.method:
                    other = theirs.methods_by_name[method.name]
                    self.assertEqual(method.input_type.lstrip("."), other.input_type.full_name)
                    self.assertEqual(method.output_type.lstrip("."), other.output_type.full_name)
                    checked += 1
        self.assertGreater(checked, 30)

    def test_the_worker_calls_methods_of_temporals_service(self):
        """The paths of Sources/RemoWorker/GRPC/WorkflowService.swift (the worker's own client
        has no generated stubs) name the subset's methods, each of Temporal's service."""
        with open(os.path.join(WORKER, "Sources", "RemoWorker", "GRPC", "WorkflowService.swift")) as f:
            source = f.read()
        prefix = re.search(r'service = "/([\w.]+)/"', source).group(1)
        called = set(re.findall(r'path: service \+ "(\w+)"', source))
        official = descriptor_pool.Default().FindServiceByName(prefix)
        ours = {m.name for f in subset() for s in f.service for m in s.method}
        self.assertEqual(len(called), 5)
        self.assertEqual(called, ours)
        for name in called:
            self.assertIn(name, official.methods_by_name)


if __name__ == "__main__":
    unittest.main()

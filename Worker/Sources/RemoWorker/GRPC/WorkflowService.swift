import TemporalAPI

/// The calls of Temporal's `WorkflowService` the worker makes: those of
/// `Protos/temporal/api/workflowservice/v1/service.proto` (Tests/Integration/test_protos.py
/// checks these paths against Temporal's own service).
enum WorkflowService {
    private static let service = "/temporal.api.workflowservice.v1.WorkflowService/"

    static let pollActivityTaskQueue = UnaryMethod<
        Temporal_Api_Workflowservice_V1_PollActivityTaskQueueRequest, Temporal_Api_Workflowservice_V1_PollActivityTaskQueueResponse
    >(path: service + "PollActivityTaskQueue")
    static let recordActivityTaskHeartbeat = UnaryMethod<
        Temporal_Api_Workflowservice_V1_RecordActivityTaskHeartbeatRequest,
        Temporal_Api_Workflowservice_V1_RecordActivityTaskHeartbeatResponse
    >(path: service + "RecordActivityTaskHeartbeat")
    static let respondActivityTaskCompleted = UnaryMethod<
        Temporal_Api_Workflowservice_V1_RespondActivityTaskCompletedRequest,
        Temporal_Api_Workflowservice_V1_RespondActivityTaskCompletedResponse
    >(path: service + "RespondActivityTaskCompleted")
    static let respondActivityTaskFailed = UnaryMethod<
        Temporal_Api_Workflowservice_V1_RespondActivityTaskFailedRequest, Temporal_Api_Workflowservice_V1_RespondActivityTaskFailedResponse
    >(path: service + "RespondActivityTaskFailed")
    static let respondActivityTaskCanceled = UnaryMethod<
        Temporal_Api_Workflowservice_V1_RespondActivityTaskCanceledRequest,
        Temporal_Api_Workflowservice_V1_RespondActivityTaskCanceledResponse
    >(path: service + "RespondActivityTaskCanceled")
}

/// Every workload, in the order they run. New groups of workloads are appended here.
func allWorkloads() -> [Workload] {
  engineWorkloads() + queryWorkloads() + liveWorkloads() + terminalWorkloads() + appWorkloads()
    + appScreenWorkloads() + syncWorkloads()
}

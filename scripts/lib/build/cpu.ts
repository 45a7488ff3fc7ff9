/** CPU time (user + system, every thread of the process) since `since`, in whole milliseconds: less load-dependent than wall time. */
export function cpuMs(since: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(since);
  return Math.round((u.user + u.system) / 1000);
}

import type { Generator } from "../context";
import { isoSpaceTime } from "../log-time";
import { CI_JOBS } from "../vocabulary";

/** The Jenkins controller's own log (jenkins.log): builds finishing, SCM polling, workspaces. */
export const ciRunner: Generator = (rng, _ctx, ms) => {
  const job = rng.pick(CI_JOBS);
  const n = rng.int(100, 900);
  const r = rng.next();
  const head = () => `${isoSpaceTime(ms)}+0000 [id=${rng.int(30, 400)}]\tINFO\t`;
  if (r < 0.35)
    return `${head()}hudson.model.Run#execute: ${job} #${n} main completed: ${rng.pick(["SUCCESS", "SUCCESS", "SUCCESS", "UNSTABLE", "FAILURE"])}`;
  if (r < 0.6) return `${head()}o.j.p.w.j.WorkflowRun#finish: ${job} #${n} completed: SUCCESS`;
  if (r < 0.8)
    return `${head()}hudson.triggers.SCMTrigger$Runner#run: SCM changes detected in ${job}. Triggering #${n}`;
  return `${head()}jenkins.branch.WorkspaceLocatorImpl#getWorkspaceRoot: allocated /var/lib/jenkins/workspace/${job}_main`;
};

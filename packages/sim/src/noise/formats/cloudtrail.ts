import type { Random } from "../../random";
import { type Generator, internetIp, perFile, uuid } from "../context";
import { isoSecondsTime } from "../log-time";

/** Read-only management calls that tooling and people make all day. */
interface Call {
  source: string;
  name: string;
  /** IAM and other global services log in us-east-1 whatever the caller's region. */
  global?: boolean;
  params: (account: Account) => Record<string, unknown> | null;
}
const CALLS: Call[] = [
  { source: "sts.amazonaws.com", name: "GetCallerIdentity", params: () => null },
  { source: "ec2.amazonaws.com", name: "DescribeInstances", params: () => ({ instancesSet: {}, filterSet: {} }) },
  {
    source: "ec2.amazonaws.com",
    name: "DescribeSecurityGroups",
    params: () => ({ securityGroupSet: {}, securityGroupIdSet: {}, filterSet: {} }),
  },
  { source: "s3.amazonaws.com", name: "ListBuckets", params: (a) => ({ Host: `s3.${a.region}.amazonaws.com` }) },
  {
    source: "s3.amazonaws.com",
    name: "GetBucketLocation",
    params: (a) => ({ location: "", bucketName: a.bucket, Host: `${a.bucket}.s3.${a.region}.amazonaws.com` }),
  },
  { source: "logs.amazonaws.com", name: "DescribeLogGroups", params: () => ({ limit: 50 }) },
  {
    source: "ssm.amazonaws.com",
    name: "GetParameter",
    params: () => ({ name: "/rate-engine/prod/db-host", withDecryption: false }),
  },
  { source: "ecr.amazonaws.com", name: "GetAuthorizationToken", params: () => null },
  { source: "iam.amazonaws.com", name: "ListRoles", global: true, params: () => null },
  { source: "monitoring.amazonaws.com", name: "DescribeAlarms", params: () => ({ maxRecords: 100 }) },
];

const BOTO3 =
  "Boto3/1.34.84 md/Botocore#1.34.84 ua/2.0 os/linux#6.1.0-26-amd64 md/arch#x86_64 lang/python#3.11.2 md/pyimpl#CPython cfg/retry-mode#legacy Botocore/1.34.84";
const TERRAFORM =
  "APN/1.0 HashiCorp/1.0 Terraform/1.7.5 (+https://www.terraform.io) terraform-provider-aws/5.46.0 (+https://registry.terraform.io/providers/hashicorp/aws) aws-sdk-go-v2/1.26.1 os/linux lang/go#1.22.1 md/GOOS#linux md/GOARCH#amd64";
/** The AWS CLI names the command it ran: DescribeInstances of ec2 is "ec2.describe-instances". */
const awsCli = (call: Call) =>
  `aws-cli/2.15.42 md/awscrt#0.19.19 ua/2.0 os/linux#6.1.0-26-amd64 md/arch#x86_64 lang/python#3.11.8 md/pyimpl#CPython cfg/retry-mode#standard md/installer#exe md/prompt#off md/command#${call.source.split(".")[0]}.${call.name.replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase()}`;

/** IAM-style identifiers: a four-letter prefix and 16 capitals and digits. */
const keyId = (rng: Random, prefix: string) => {
  let s = prefix;
  while (s.length < 20) s += "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"[rng.int(0, 31)];
  return s;
};

/** The account behind the trail, and its IAM users' IDs (theirs for good): fixed for the file. */
const account = perFile("cloudtrail:account", (r, ctx) => {
  const id = String(r.int(100000000000, 999999999999));
  return {
    id,
    region: r.pick(["eu-central-1", "eu-west-1", "us-east-1"]),
    /** The office's NAT address, from which people and the build server reach AWS. */
    egress: internetIp(r),
    bucket: `kestrel-build-artifacts-${id}`,
    roleId: keyId(r, "AROA"),
    users: new Map(ctx.users.map((name) => [name, { principalId: keyId(r, "AIDA"), accessKeyId: keyId(r, "AKIA") }])),
  };
});
type Account = ReturnType<typeof account>;

function iamUser(a: Account, name: string) {
  const ids = a.users.get(name)!;
  return {
    type: "IAMUser",
    principalId: ids.principalId,
    arn: `arn:aws:iam::${a.id}:user/${name}`,
    accountId: a.id,
    accessKeyId: ids.accessKeyId,
    userName: name,
  };
}

function ciRole(rng: Random, a: Account, ms: number) {
  return {
    type: "AssumedRole",
    principalId: `${a.roleId}:jenkins`,
    arn: `arn:aws:sts::${a.id}:assumed-role/ci-deploy/jenkins`,
    accountId: a.id,
    accessKeyId: keyId(rng, "ASIA"),
    sessionContext: {
      sessionIssuer: {
        type: "Role",
        principalId: a.roleId,
        arn: `arn:aws:iam::${a.id}:role/ci-deploy`,
        accountId: a.id,
        userName: "ci-deploy",
      },
      attributes: { creationDate: isoSecondsTime(ms - rng.int(60, 3500) * 1000), mfaAuthenticated: "false" },
    },
  };
}

/** CloudTrail records as a trail delivers them, one JSON object per line (as `jq -c .Records[]`). */
export const cloudtrail: Generator = (rng, ctx, ms) => {
  const a = account(rng, ctx);
  const call = rng.pick(CALLS);
  const person = ctx.users.length && rng.chance(0.6) ? rng.pick(ctx.users) : null;
  const identity = person ? iamUser(a, person) : ciRole(rng, a, ms);
  return JSON.stringify({
    eventVersion: "1.09",
    userIdentity: identity,
    eventTime: isoSecondsTime(ms),
    eventSource: call.source,
    eventName: call.name,
    awsRegion: call.global ? "us-east-1" : a.region,
    sourceIPAddress: a.egress,
    userAgent: person ? awsCli(call) : rng.pick([BOTO3, TERRAFORM]),
    requestParameters: call.params(a),
    responseElements: null,
    // S3 request IDs are 16 hex capitals; other services use UUIDs.
    requestID: call.source === "s3.amazonaws.com" ? rng.hex(16).toUpperCase() : uuid(rng),
    eventID: uuid(rng),
    readOnly: true,
    eventType: "AwsApiCall",
    managementEvent: true,
    recipientAccountId: a.id,
    eventCategory: "Management",
  });
};

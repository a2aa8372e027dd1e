resource "aws_iam_role" "ingest" {
  name = "tracking-ingest-prod-instance"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}

resource "aws_iam_instance_profile" "ingest" {
  name = "tracking-ingest-prod-instance"
  role = aws_iam_role.ingest.name
}

resource "aws_iam_role_policy" "ingest" {
  name = "tracking-ingest-runtime"
  role = aws_iam_role.ingest.id

  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [
      {
        Sid      = "ReadConfig"
        Effect   = "Allow"
        Action   = ["s3:GetObject"]
        Resource = ["arn:aws:s3:::kestrel-config-prod/tracking-ingest/*"]
      },
      {
        Sid      = "Telemetry"
        Effect   = "Allow"
        Action   = ["cloudwatch:PutMetricData", "logs:CreateLogStream", "logs:PutLogEvents"]
        Resource = ["*"]
      },
      {
        Sid      = "WriteTracks"
        Effect   = "Allow"
        Action   = ["kinesis:PutRecord", "kinesis:PutRecords"]
        Resource = ["arn:aws:kinesis:eu-central-1:418395027716:stream/vehicle-positions-prod"]
      },
      {
        # Lets the scale-in drain hook mark an instance Draining=true (OPS-4410).
        Sid      = "DrainTagging"
        Effect   = "Allow"
        Action   = ["autoscaling:CreateOrUpdateTags", "ec2:CreateTags"]
        Resource = ["*"]
      },
    ]
  })
}

# prod/eu-central-1/tracking-ingest after OPS-4410 was reverted (excerpt: the resources it touched).
# - Tags are data, never code: IMDS tag access is off and user_data takes settings from templatefile() only.
# - No lifecycle.ignore_changes on tags: any out-of-band tag edit shows up as drift in the nightly plan.
# - SSH only from jump-01; the instance role cannot tag anything.
# CI runs `conftest test` on every plan with policies that deny ignore_changes on tags/user_data,
# ingress from CIDRs outside Kestrel's ranges and *:CreateTags / CreateOrUpdateTags for instance roles.

locals {
  finops_tags = {
    Name       = "tracking-ingest-prod"
    CostCenter = "CC-2140"
    BackupPlan = "daily-35d"
  }
}

resource "aws_launch_template" "ingest" {
  name_prefix   = "tracking-ingest-prod-"
  image_id      = data.aws_ami.kestrel_base.id
  instance_type = "c6i.large"

  iam_instance_profile {
    name = aws_iam_instance_profile.ingest.name
  }

  network_interfaces {
    associate_public_ip_address = true
    security_groups             = [aws_security_group.ingest.id]
  }

  metadata_options {
    http_endpoint               = "enabled"
    http_tokens                 = "required"
    http_put_response_hop_limit = 1
    instance_metadata_tags      = "disabled"
  }

  user_data = base64encode(templatefile("${path.module}/templates/user_data.sh.tftpl", {
    service     = "tracking-ingest"
    environment = "prod"
    log_level   = "info"
  }))
}

resource "aws_autoscaling_group" "ingest" {
  name                = "tracking-ingest-prod"
  min_size            = 3
  max_size            = 12
  desired_capacity    = 3
  vpc_zone_identifier = data.aws_subnets.public.ids
  target_group_arns   = [var.nlb_target_group_arn]
  health_check_type   = "ELB"

  launch_template {
    id      = aws_launch_template.ingest.id
    version = aws_launch_template.ingest.latest_version
  }

  instance_refresh {
    strategy = "Rolling"
    preferences {
      min_healthy_percentage = 66
    }
  }

  dynamic "tag" {
    for_each = local.finops_tags
    content {
      key                 = tag.key
      value               = tag.value
      propagate_at_launch = true
    }
  }
}

resource "aws_security_group_rule" "ssh_from_jump" {
  type              = "ingress"
  security_group_id = aws_security_group.ingest.id
  protocol          = "tcp"
  from_port         = 22
  to_port           = 22
  cidr_blocks       = ["10.0.40.5/32"]
  description       = "SSH from jump-01 over the site-to-site VPN"
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
    ]
  })
}

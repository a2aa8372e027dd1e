terraform {
  required_version = ">= 1.7.0"

  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.46"
    }
  }

  backend "s3" {
    bucket         = "kestrel-terraform-state"
    key            = "prod/eu-central-1/tracking-ingest.tfstate"
    region         = "eu-central-1"
    dynamodb_table = "kestrel-terraform-locks"
    encrypt        = true
  }
}

provider "aws" {
  region = "eu-central-1"

  default_tags {
    tags = {
      Environment = "prod"
      Service     = "tracking-ingest"
      ManagedBy   = "terraform/infra-live"
    }
  }
}

variable "vpc_id" {
  type    = string
  default = "vpc-0b5e3c71d9a2f4e68"
}

variable "nlb_target_group_arn" {
  type    = string
  default = "arn:aws:elasticloadbalancing:eu-central-1:418395027716:targetgroup/tracking-ingest-mqtt/5f2c9a7e1b3d4c6a"
}

data "aws_ami" "kestrel_base" {
  most_recent = true
  owners      = ["self"]

  filter {
    name   = "name"
    values = ["kestrel-al2023-base-*"]
  }
}

data "aws_subnets" "public" {
  filter {
    name   = "vpc-id"
    values = [var.vpc_id]
  }

  filter {
    name   = "tag:Tier"
    values = ["public"]
  }
}

resource "aws_security_group" "ingest" {
  name        = "tracking-ingest-prod"
  description = "tracking-ingest MQTT listeners"
  vpc_id      = var.vpc_id
}

resource "aws_security_group_rule" "mqtt_tls" {
  type              = "ingress"
  security_group_id = aws_security_group.ingest.id
  protocol          = "tcp"
  from_port         = 8883
  to_port           = 8883
  cidr_blocks       = ["0.0.0.0/0"]
  description       = "MQTT over TLS from vehicle telematics units"
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

resource "aws_security_group_rule" "egress_all" {
  type              = "egress"
  security_group_id = aws_security_group.ingest.id
  protocol          = "-1"
  from_port         = 0
  to_port           = 0
  cidr_blocks       = ["0.0.0.0/0"]
  description       = "Outbound (Kinesis, S3, package mirrors)"
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
    http_endpoint          = "enabled"
    http_tokens            = "required"
    instance_metadata_tags = "enabled"
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
  max_size            = 9
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

  tag {
    key                 = "Name"
    value               = "tracking-ingest-prod"
    propagate_at_launch = true
  }

  # Read by the bootstrap from instance metadata; change it here to raise verbosity fleet-wide.
  tag {
    key                 = "LogLevel"
    value               = "info"
    propagate_at_launch = true
  }
}

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
    key            = "prod/eu-central-1/route-api.tfstate"
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
      Service     = "route-api"
      ManagedBy   = "terraform/infra-live"
    }
  }
}

variable "vpc_id" {
  type    = string
  default = "vpc-0b5e3c71d9a2f4e68"
}

variable "private_subnet_ids" {
  type    = list(string)
  default = ["subnet-04d1a7c93e52b8f60", "subnet-0b9e62f17a4c3d058", "subnet-0e7c35a81f4b29d6c"]
}

variable "task_definition_arn" {
  type    = string
  default = "arn:aws:ecs:eu-central-1:418395027716:task-definition/route-api:57"
}

resource "aws_security_group" "api" {
  name        = "route-api-prod"
  description = "route-api tasks behind the internal ALB"
  vpc_id      = var.vpc_id
}

resource "aws_lb_target_group" "api" {
  name        = "route-api-prod"
  port        = 8080
  protocol    = "HTTP"
  target_type = "ip"
  vpc_id      = var.vpc_id

  health_check {
    path    = "/healthz"
    matcher = "200"
  }
}

resource "aws_ecs_service" "api" {
  name            = "route-api"
  cluster         = "route-api-prod"
  task_definition = var.task_definition_arn
  desired_count   = 2
  launch_type     = "FARGATE"

  network_configuration {
    subnets         = var.private_subnet_ids
    security_groups = [aws_security_group.api.id]
  }

  load_balancer {
    target_group_arn = aws_lb_target_group.api.arn
    container_name   = "route-api"
    container_port   = 8080
  }
}

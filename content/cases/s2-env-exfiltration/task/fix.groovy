// route-optimizer after the incident.
// - Tests run in a container with no credentials and no network.
// - npm ci gets a read-only Nexus token; nothing else is bound before Ship.
// - Ship runs on main only, with a 15-minute role session (IAM Roles Anywhere on ci-01) instead of a
//   static access key; the role may push to ECR and write bench/ only.
// - ci-01 egress is allow-listed at the perimeter (ECR, S3, Argo CD); ci/ and Jenkinsfile need a
//   platform CODEOWNERS review.
pipeline {
  agent { label 'linux' }
  options {
    timestamps()
    buildDiscarder(logRotator(numToKeepStr: '30'))
  }
  environment {
    AWS_DEFAULT_REGION = 'eu-central-1'
    ECR_REPO = '418395027716.dkr.ecr.eu-central-1.amazonaws.com/route-optimizer'
  }
  stages {
    stage('Install') {
      steps {
        withCredentials([string(credentialsId: 'nexus-npm-readonly', variable: 'NPM_TOKEN')]) {
          sh 'npm ci --no-audit --no-fund'
        }
      }
    }
    stage('Test (no secrets, no network)') {
      steps {
        sh 'docker run --rm --network none -e CI=true -v "$PWD:/src" -w /src node:20.12-bookworm ./ci/run-tests.sh'
      }
    }
    stage('Ship') {
      when { branch 'main' }
      steps {
        withAWS(role: 'arn:aws:iam::418395027716:role/route-optimizer-ci-ship', roleSessionName: "jenkins-${env.BUILD_NUMBER}", duration: 900) {
          sh './ci/ship.sh'
        }
        withCredentials([string(credentialsId: 'argocd-deploy-token', variable: 'DEPLOY_TOKEN')]) {
          sh './ci/deploy-staging.sh'
        }
      }
    }
  }
}

// Jenkinsfile baseline for Node.js services (platform template v4)
pipeline {
  agent { label 'linux && docker' }
  options {
    timestamps()
    timeout(time: 30, unit: 'MINUTES')
    disableConcurrentBuilds()
    buildDiscarder(logRotator(numToKeepStr: '200'))
  }
  tools {
    nodejs 'node-20.11.1'
  }
  environment {
    NPM_CONFIG_IGNORE_SCRIPTS = 'true'
    NPM_CONFIG_AUDIT = 'false'
  }
  stages {
    stage('Verify lockfile') {
      steps {
        sh 'test -f package-lock.json'
        sh 'npx --no-install lockfile-lint --path package-lock.json --type npm --allowed-hosts 10.0.30.13:8081 --allowed-schemes "http:" --validate-https=false --validate-integrity'
      }
    }
    stage('Install') {
      steps {
        withCredentials([string(credentialsId: 'nexus-npm-read-svc-build', variable: 'NEXUS_NPM_TOKEN')]) {
          sh 'npm ci --ignore-scripts --no-audit --no-fund'
        }
      }
    }
    stage('Test') {
      steps {
        sh 'npm test'
      }
    }
    stage('Image') {
      when { branch 'main' }
      steps {
        withCredentials([usernamePassword(credentialsId: 'nexus-docker-svc-deploy', usernameVariable: 'REG_USER', passwordVariable: 'REG_PASS')]) {
          sh 'echo "$REG_PASS" | docker login 10.0.30.13:8082 -u "$REG_USER" --password-stdin'
          sh 'docker build --pull -t 10.0.30.13:8082/$JOB_NAME:$GIT_COMMIT .'
          sh 'docker push 10.0.30.13:8082/$JOB_NAME:$GIT_COMMIT'
        }
      }
    }
  }
  post {
    always {
      sh 'docker logout 10.0.30.13:8082 || true'
    }
  }
}

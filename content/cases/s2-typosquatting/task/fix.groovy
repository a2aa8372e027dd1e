// Jenkinsfile for shipment-tracker after the {{package_1}} incident (platform template v4)
pipeline {
  agent any
  options {
    timestamps()
    timeout(time: 30, unit: 'MINUTES')
    disableConcurrentBuilds()
  }
  tools {
    nodejs 'node-20.11.1'
  }
  environment {
    // Dependencies never run lifecycle scripts in CI; packages that need a build step are
    // rebuilt explicitly from an allowlist after review.
    NPM_CONFIG_IGNORE_SCRIPTS = 'true'
  }
  stages {
    stage('Verify lockfile') {
      steps {
        sh 'npx --no-install lockfile-lint --path package-lock.json --type npm --allowed-hosts 10.0.30.13:8081 --allowed-schemes "http:" --validate-https=false --validate-integrity --validate-package-names'
        // New direct dependencies must be on the reviewed allowlist (catches typos such as {{package_1}})
        sh 'node scripts/check-dependency-allowlist.js package.json /var/lib/jenkins/policy/npm-allowlist.txt'
      }
    }
    stage('Install') {
      steps {
        withCredentials([string(credentialsId: 'nexus-npm-read-svc-build', variable: 'NEXUS_NPM_TOKEN')]) {
          sh 'npm ci --ignore-scripts --no-audit --no-fund --loglevel=info'
        }
      }
    }
    stage('Test') {
      steps {
        withCredentials([usernamePassword(credentialsId: 'testdb-ci', usernameVariable: 'PGUSER', passwordVariable: 'PGPASSWORD')]) {
          sh 'npm test'
        }
      }
    }
    stage('Image') {
      steps {
        // The image copies the verified node_modules instead of resolving packages again
        withCredentials([usernamePassword(credentialsId: 'nexus-docker-svc-deploy', usernameVariable: 'REG_USER', passwordVariable: 'REG_PASS')]) {
          sh 'echo "$REG_PASS" | docker login 10.0.30.13:8082 -u "$REG_USER" --password-stdin'
          sh 'npm prune --omit=dev --ignore-scripts'
          sh 'docker build -t 10.0.30.13:8082/shipment-tracker:$GIT_COMMIT .'
          sh 'docker push 10.0.30.13:8082/shipment-tracker:$GIT_COMMIT'
        }
      }
    }
    stage('Deploy staging') {
      steps {
        sshagent(['stg-deploy-ssh']) {
          sh 'ssh svc-deploy@stg-docker-01.kestrel.internal deploy shipment-tracker $GIT_COMMIT'
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

// ci/preview.Jenkinsfile (fixed): untrusted comment text never becomes shell code, only
// repository members may trigger, and the job holds a push-only credential on an ephemeral agent.
pipeline {
  agent { label 'ephemeral-docker' }
  options {
    timestamps()
    disableConcurrentBuilds()
  }
  triggers {
    GenericTrigger(
      genericVariables: [
        [key: 'ACTION', value: '$.action'],
        [key: 'COMMENT_AUTHOR', value: '$.comment.user.login', regexpFilter: '[^A-Za-z0-9._-]'],
        [key: 'PR_NUMBER', value: '$.issue.number', regexpFilter: '[^0-9]'],
        [key: 'PREVIEW_BRANCH', value: '$.comment.body', regexpFilter: '^/deploy-preview ']
      ],
      causeString: 'Gitea comment by $COMMENT_AUTHOR on PR #$PR_NUMBER',
      tokenCredentialId: 'gitea-preview-webhook',
      regexpFilterText: '$ACTION $PREVIEW_BRANCH',
      regexpFilterExpression: '^created [A-Za-z0-9._/-]{1,100}$'
    )
  }
  environment {
    REGISTRY = '10.0.30.13:8082'
  }
  stages {
    stage('Authorize') {
      steps {
        script {
          // Only members of the billing-maintainers Gitea team (write access) may deploy previews.
          def members = readJSON(text: httpRequest(url: "https://git.kestrel.internal/api/v1/teams/7/members",
                                                   authentication: 'gitea-api-readonly').content).collect { it.login }
          if (!members.contains(env.COMMENT_AUTHOR)) {
            error('comment author is not a billing-service maintainer')
          }
          if (!(env.PREVIEW_BRANCH ==~ /[A-Za-z0-9._\/-]{1,100}/)) {
            error('invalid branch name')
          }
        }
      }
    }
    stage('Checkout branch') {
      steps {
        // Single-quoted: the shell expands PREVIEW_BRANCH as data, Groovy never interpolates it.
        sh 'git fetch origin && git checkout -B preview "origin/$PREVIEW_BRANCH"'
      }
    }
    stage('Build image') {
      steps {
        sh 'docker build -t "$REGISTRY/billing-service:pr-$PR_NUMBER" .'
      }
    }
    stage('Push and deploy preview') {
      steps {
        withCredentials([usernamePassword(credentialsId: 'nexus-docker-preview-push', usernameVariable: 'REG_USER', passwordVariable: 'REG_PASS')]) {
          sh 'echo "$REG_PASS" | docker login -u "$REG_USER" --password-stdin "$REGISTRY"'
          sh 'docker push "$REGISTRY/billing-service:pr-$PR_NUMBER"'
        }
        sh './ci/deploy-preview.sh "pr-$PR_NUMBER"'
      }
    }
  }
}

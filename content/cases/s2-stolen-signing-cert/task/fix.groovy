// Jenkinsfile ({{package_1}}) - signing after the incident.
// The new key is generated inside the YubiHSM 2 attached to the release agent and is non-exportable;
// no file on ci-01 holds key material and no human account is in the codesign group.
// Only tag builds of this job can reach the HSM PIN (folder-scoped credential).
pipeline {
  agent { label 'linux-release-hsm' }
  options {
    timestamps()
    buildDiscarder(logRotator(numToKeepStr: '50'))
    disableConcurrentBuilds()
  }
  environment {
    VERSION = sh(script: "node -p \"require('./package.json').version\"", returnStdout: true).trim()
  }
  stages {
    stage('Install, lint, test, package') {
      steps {
        sh 'npm ci --no-audit --no-fund'
        sh 'npm run lint && npm test -- --ci'
        sh 'npx electron-builder --win --x64 --dir --publish never'
      }
    }
    stage('Sign & build installers') {
      when { buildingTag() }
      steps {
        withCredentials([string(credentialsId: 'codesign-hsm-pin', variable: 'HSM_PIN')]) {
          sh '''
            sign() {
              jsign --storetype PKCS11 --keystore /etc/kestrel-signing/yubihsm-pkcs11.cfg \
                    --storepass env:HSM_PIN --alias kestrel-codesign-2026 \
                    --tsaurl http://timestamp.digicert.com --alg SHA-256 "$1"
              logger -p auth.notice -t kestrel-sign "result=ok user=jenkins src_ip=10.0.30.11 job=$JOB_NAME#$BUILD_NUMBER file=$1 sha256=$(sha256sum "$1" | cut -d' ' -f1)"
            }
            sign dist/win-unpacked/WarehouseUI.exe
            npx electron-builder --win nsis msi --x64 --prepackaged dist/win-unpacked --publish never
            sign "dist/WarehouseUI-Setup-$VERSION.exe"
            sign "dist/WarehouseUI-$VERSION.msi"
          '''
        }
      }
    }
    stage('Publish') {
      when { buildingTag() }
      steps {
        // Only svc-deploy may write to releases-raw; release engineers have read access.
        withCredentials([usernamePassword(credentialsId: 'nexus-raw-svc-deploy', usernameVariable: 'NEXUS_USER', passwordVariable: 'NEXUS_PASS')]) {
          sh "./ci/publish-raw.sh ${VERSION}"
        }
      }
    }
  }
}

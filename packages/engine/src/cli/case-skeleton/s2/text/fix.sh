# After preserving a copy of the hook (sha256sum, then cp -p to the evidence share):
# let git run only the reviewed hooks kept in the repository, never files in .git/hooks.
git -C /home/praman/src/dispatch-api config core.hooksPath .githooks
mv /home/praman/src/dispatch-api/.git/hooks/post-checkout /srv/evidence/dev-ws-114/post-checkout
# Nexus: revoke the user token of praman (Security > User Tokens) and issue a new one;
# ~/.npmrc then gets the new _authToken.

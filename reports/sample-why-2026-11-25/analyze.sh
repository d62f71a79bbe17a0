#!/usr/bin/env bash
# Method-level shares of JFR execution samples per recording (client or server side), for issue 27.
J=/usr/lib/jvm/java-17-openjdk-amd64/bin/jfr
cd /work/runs/i27
for f in jfr*/*/profile.jfr; do $J print --events jdk.ExecutionSample --stack-depth 2048 "$f" > "${f%.jfr}.txt"; done
share() { awk -v pat="$2" -v side="${3:-all}" '/^jdk\.ExecutionSample/{n++;hit=0;srv=0;ev=1;next}
 ev&&index($0,pat){hit=1} ev&&index($0,"IsolatedStack.lambda$isolated"){srv=1}
 ev&&/^}/{ev=0; if(hit&&(side=="all"||(side=="server")==srv))h++}
 END{printf "%5.1f%% %-6s %s\n",n?100*h/n:0,side,pat}' "$1"; }
for t in jfr*/*/profile.txt; do echo "== $t"; for p in rampart.ValidatorData. Axis2Util.getDocumentFromSOAPEnvelope \
 Axis2Util.getSOAPEnvelopeFromDOMDocument 'PipeEndpoint$Responder.invoke' 'MatchQuakesResponse$Factory.parse' \
 Canonicalizer.canonicalizeSubtree XMLUtils.protectAgainstWrappingAttack WSSecurityUtil.findElementById \
 RampartUtil.findAllPrefixNamespaces PolicyBasedResultsValidator.validate neethi.Policy.normalize RampartPolicyBuilder.build \
 WSSConfig.getNewInstance PostDispatchVerificationHandler DocumentSerializer.deserialize DocumentBuilderFactory.newInstance \
 UsernameTokenProcessor CryptoFactory.getInstance KeyStore.load PolicyEngine.getPolicy 'KeyStoreCrypto.<init>' Axis2Runtime.newContext \
 MessageBuilder.build RampartEngine.process 'RampartMessageData.<init>'; do
 share "$t" "$p" client; share "$t" "$p" server; done; done > shares.txt

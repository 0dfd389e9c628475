<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>AlertText</name>
    <message>
        <source>node down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device power</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>job waiting too long</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs idle while GPU jobs wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>canary worse than active policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>critical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>firing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>resolved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 °C (above %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 W (above %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waited %1 min (above %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n idle GPUs</source>
        <translation>
            <numerusform>%n idle GPU</numerusform>
            <numerusform>%n idle GPUs</numerusform>
        </translation>
    </message>
    <message>
        <source>+%1 s mean wait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>high priority</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>middle priority</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>low priority</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>canary %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 (%3, %4)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PushConfirmation</name>
    <message>
        <source>&lt;p&gt;Push &lt;b&gt;%1&lt;/b&gt; (version %2) to the cluster for &lt;b&gt;%3 %&lt;/b&gt; of new jobs first (canary)?&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Changes from %1:&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;none&lt;/i&gt;&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;No what-if run compared this policy yet: its effect is not predicted.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Predicted by the last what-if (%1), against %2:&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait avg (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait P95 (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JCT avg (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Energy (kWh)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QMessageBox</name>
    <message>
        <source>Trust this gateway?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 presents a certificate no CA vouches for here (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its SHA-256 fingerprint is
%1

Compare it with the one the gateway&apos;s operator gives you (openssl x509 -noout -fingerprint -sha256 -in CERT). Trusted, it is remembered for this connection.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>THE GATEWAY&apos;S CERTIFICATE HAS CHANGED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;WARNING: %1 presents a different certificate from the one you trusted.&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Someone may be intercepting the connection to steal your token, or the gateway got a new certificate.

Trusted before:
%1
Presented now:
%2

Do not connect unless the gateway&apos;s operator confirms the new fingerprint.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust the new certificate</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WaitReasonText</name>
    <message>
        <source>CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an allowed %1 model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nodes up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first in line</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) ahead</source>
        <translation>
            <numerusform>%n job ahead</numerusform>
            <numerusform>%n jobs ahead</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n by priority class)</source>
        <translation>
            <numerusform> (%n by priority class)</numerusform>
            <numerusform> (%n by priority class)</numerusform>
        </translation>
    </message>
    <message>
        <source> · aged to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Just submitted: not yet seen by the scheduler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Can never fit: the largest %1 node is too small</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held by a quota · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held: the job has no team, and the policy holds jobs of teams without a queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held: team %1 has no queue in the policy, which holds such teams</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team %1 is over its %2 quota: uses %3 (%4 guaranteed + %5 borrowed), asks %6, may borrow %7 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All %1 %2 nodes are down · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No %1 node has room: %2 short on %3 of %4 nodes · %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 · room on %n %2 node(s), but its turn has not come</source>
        <translation>
            <numerusform>%1 · room on %n %2 node, but its turn has not come</numerusform>
            <numerusform>%1 · room on %n %2 nodes, but its turn has not come</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deferred by the learned policy until %2 capacity is freed · %1 · room on %n %2 node(s)</source>
        <translation>
            <numerusform>Deferred by the learned policy until %2 capacity is freed · %1 · room on %n %2 node</numerusform>
            <numerusform>Deferred by the learned policy until %2 capacity is freed · %1 · room on %n %2 nodes</numerusform>
        </translation>
    </message>
    <message>
        <source> · a node is kept for it (it has waited longest), expected to drain by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Room only on a node kept for job %1 (it has waited longest) until about %2; this job would still be running then · %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WhatifCharts</name>
    <message>
        <source>Wait (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 busy (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulated time (h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arrival (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait before (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait after (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never ran</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WhatifMetricsModel</name>
    <message>
        <source>JCT P99 (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SLO violations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Goodput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jain index (teams)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jain index (users)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finish-time fairness avg</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finish-time fairness max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>99th percentile of job completion time (end − arrival); Sia, SOSP&apos;23</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU time allocated, in GPU-hours; Sia, SOSP&apos;23</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Useful work over device time held: below 1 when preemptions, restarts or moves redo or pause work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jain&apos;s fairness index of the teams&apos; service rate (runtime ÷ completion time): 1 when every team is slowed alike; Jain et al., 1984</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jain&apos;s fairness index of the users&apos; service rate: 1 when every user is slowed alike; Jain et al., 1984</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean finish-time fairness ρ: completion time shared ÷ alone with a 1/N share; ≤ 1 is fair; Themis, NSDI&apos;20</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worst job&apos;s finish-time fairness ρ; Themis, NSDI&apos;20</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: wait %2 s, share %3 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no team)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unschedulable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait avg (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait P50 (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait P95 (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait P99 (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Response avg (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JCT avg (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slowdown avg</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Makespan (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPU busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU allocated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU allocation ratio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPU allocated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Energy (kWh)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preemptions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Migrations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU allocated while jobs arrive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs that waited longer than their class&apos;s target wait, the baseline policy&apos;s SLO (unset: high 5 min, middle 30 min, low 4 h); Gavel, OSDI&apos;20</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WhatifTeamsTable</name>
    <message>
        <source>Policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait avg (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU cores guaranteed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU cores avg</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU cores peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Borrowed core-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs guaranteed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs avg</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Borrowed GPU-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPUs guaranteed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPUs avg</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPUs peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Borrowed TPU-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no team)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not limited</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched</name>
    <message>
        <source>CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DOWN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · slot %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, node DOWN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>W</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>°C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ran %1 of %2, started %3 of %4 jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;The frames carry no canary arm yet: nothing to compare.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>canary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arrivals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no starts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s (%2 starts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean wait, last %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>synthetic cluster of %1 nodes, %2 synthetic jobs (seed %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 jobs of snapshot #%2 of %3 (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the cut of snapshot #%1 of %2 (%3): %4 running, %5 queued, then the last %6 s of arrivals again (%7 jobs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alibaba trace excerpt: %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 % held by 1 job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 % held by %2 jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2&#xa0;%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocated: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preempted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Migrated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power (% of TDP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MIG %1 (its GPU not reported)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MIG %1 of the GPU in slot %2, %3/%4 of its compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MIG on: no instances (%1 slices free)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MIG on: %1 (%2 of %3 slices)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partition: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the cluster “%1” now, cut in memory: %2 running, %3 queued, then the last %4 s of arrivals again (%5 jobs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::AlertListModel</name>
    <message>
        <source>%1 (acknowledged)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, resolved %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subject</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Condition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Since</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Acknowledged by %1 at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Acknowledged by</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::AlertListView</name>
    <message>
        <source>&amp;Acknowledge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Acknowledge a&amp;ll</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit &amp;rules…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alerts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace the gateway&apos;s alert rules (needs an operator token)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>built-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pushed by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n firing (%1 not acknowledged)</source>
        <translation>
            <numerusform>%n firing (%1 not acknowledged)</numerusform>
            <numerusform>%n firing (%1 not acknowledged)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pending</source>
        <translation>
            <numerusform>%n pending</numerusform>
            <numerusform>%n pending</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rules (%1)</source>
        <translation>
            <numerusform>%n rule (%1)</numerusform>
            <numerusform>%n rules (%1)</numerusform>
        </translation>
    </message>
    <message>
        <source>Mark the selected alerts as seen, on the gateway for every console: greyed, with your name, and no more notifications for them (needs an operator token)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Acknowledge every firing and pending alert</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::AlertNotifier</name>
    <message>
        <source>HetSched alerts</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::AlertRulesDialog</name>
    <message>
        <source>Alert rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The gateway&apos;s rules as a rules file (JSON). Kinds: node_down, device_temperature, device_power, job_wait, gpus_idle_while_waiting, canary_worse. Applying replaces every rule; the gateway records who did it in its audit log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rules</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::BackendText</name>
    <message>
        <source>simulated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node agents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prometheus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kubernetes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alibaba trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>initial</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pushed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>promoted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rolled back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>job features</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>training the embedder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>t-SNE layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The live cluster&apos;s own rule: seed classes with 10-minute aging, the seed&apos;s 4.3 score, jobs behind a blocked head start when they fit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-team guarantees (Kueue ClusterQueues in one cohort) with borrowing limits, dominant resource fairness between teams, FCFS within a team, best fit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First come, first served; the seed&apos;s type routing picks the device kind.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shortest job first, non-preemptive (seed 2.3), best fit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shortest remaining time first: a shorter arrival preempts; work resumes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed 2.2 classes (high: real-time, middle: periodic control, low: logging), one class of aging per 60 s waited, ShouldPreempt for interruptible work.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round robin over the nodes of the routed kind.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nginx smooth weighted round robin; node 0 has weight=3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The node running the fewest jobs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seed&apos;s IP hash on the job&apos;s key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consistent hashing with 160 virtual nodes per node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seed&apos;s 4.3 score: Weight*PriorityFactor + ResourceScore*free/total.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First fit in node order.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best fit: the node with the least free capacity that fits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worst fit: the node with the most free capacity.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FGD (ATC&apos;23): the node and GPU whose fragmentation of the target workload grows least.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Random-fit (ATC&apos;23): any node the job fits on, and any GPU for a share.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DotProd (ATC&apos;23): the largest dot product of the request and the node&apos;s free resources.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU Clustering (ATC&apos;23): nodes already running GPU jobs of the same kind.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU Packing (ATC&apos;23): partly used GPUs first, then used nodes, then idle ones.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best-fit (ATC&apos;23): the node left with the least free resources, weighted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed 2.4 opportunistic moves: on each sampling tick a node above 90% load moves an interruptible job to the best peer predicted to keep room for it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::ClusterDashboard</name>
    <message>
        <source>&amp;Colour by:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU fragmentation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device details, history and GPU fragmentation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hatched row = node down  ·  Grey cell = no device in slot  ·  ×3 = GPU shared by 3 jobs, bar = share held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dashed frame = GPU split into MIG instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a cell for details</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::ClusterMenu</name>
    <message>
        <source>&amp;Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Submit job…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refresh jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;What-if from now…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No cluster is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Submit a job to the cluster&apos;s gateway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Snapshot the cluster now and compare the policy in force with the editor&apos;s policy on it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find jobs and nodes…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fi&amp;lter the views…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clear filters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find jobs by id, name, owner, team, kind, state or node, and nodes by name; highlighted in every view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Narrow every view to some kinds, states, teams, priorities or node groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show every job and device again</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::ClusterOverviewModel</name>
    <message>
        <source>replaying a snapshot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connecting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lost — stale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>disconnected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connection lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) down</source>
        <translation>
            <numerusform>%n node down</numerusform>
            <numerusform>%n nodes down</numerusform>
        </translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPU use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alerts</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n alert(s) firing</source>
        <translation>
            <numerusform>%n alert firing</numerusform>
            <numerusform>%n alerts firing</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hetsched::ClusterRegistry</name>
    <message>
        <source>No saved connections to open.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::ClusterWorkspace</name>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What-if</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pages of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mapping jobs: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job map: %1 jobs, KL divergence %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — REPLAY of %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 — %2 (%3, %n devices)</source>
        <translation>
            <numerusform>%1 — %2 (%3, %n device)</numerusform>
            <numerusform>%1 — %2 (%3, %n devices)</numerusform>
        </translation>
    </message>
    <message>
        <source>Replaying a snapshot: nothing here acts on a gateway. Back to live first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source: %1 (not live)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use is allocation: pod requests over node allocatable, not measured load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Frame %1 · simulated time %2 · %3 frames merged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Frame %1 · read at %2 · %3 frames merged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job %1 submitted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay frame %1 of %2 · simulated time %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job %1 is not in the job list (it may have ended long ago)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alerts</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %n alerts firing</source>
        <translation>
            <numerusform>%1: %n alert firing</numerusform>
            <numerusform>%1: %n alerts firing</numerusform>
        </translation>
    </message>
    <message>
        <source>Alerts (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alert rules replaced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not acknowledge: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n alerts acknowledged</source>
        <translation>
            <numerusform>%n alert acknowledged</numerusform>
            <numerusform>%n alerts acknowledged</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n no longer on the gateway</source>
        <translation>
            <numerusform>%n no longer on the gateway</numerusform>
            <numerusform>%n no longer on the gateway</numerusform>
        </translation>
    </message>
    <message>
        <source>Snapshot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the replay from %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2 devices, %3 frames (#%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open snapshot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds several snapshots. Replay which one?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::ConnectDialog</name>
    <message>
        <source>Use TLS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect to a cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host:port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CA certificate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bearer token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in this process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the connection a name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The address must be host:port (port 1–65535).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The CA certificate file cannot be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A CA certificate needs TLS turned on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PEM certificates (*.pem *.crt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none: trust the certificate on first use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unchanged (kept in the keychain, never in the settings)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (a file only you can read, when no keychain runs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget the certificate trusted on first use; the next connection asks again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trusted certificate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The token for %1 is not saved: %2. It is kept until the console closes; to keep it, put it in a file only you can read and choose that file as the token file.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::ConnectionIndicator</name>
    <message>
        <source>Connecting to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot reach %1 — retrying in %2 s (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection to %1 lost — data is stale; retrying in %2 s (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disconnected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::ConnectionOpener</name>
    <message>
        <source>Cannot read the CA certificate %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the token file %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot fetch the certificate of %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 sends a certificate from a CA it does not include, so it cannot be trusted on first use; choose that CA&apos;s certificate file instead</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::DeviceDetailPanel</name>
    <message>
        <source>Select a device in the heatmap to see its details.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TDP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, slot %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 TFLOPS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 W</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::DeviceHistoryPanel</name>
    <message>
        <source>&amp;Add to history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whole &amp;node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a device on the heatmap to see its utilization, memory, power and temperature over the recorded history. Add to history keeps it while you select others; Whole node shows every device of its node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the selected device in the history while you select others</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show every device of the selected device&apos;s node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only the selected device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No frames recorded yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 frames from %2 to %3, at most %4 points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History unavailable: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::DeviceHistoryView</name>
    <message>
        <source>Device history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
on %2
%3 – %4 (%5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 – %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::DeviceTeams</name>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::EmbeddingMapView</name>
    <message>
        <source>No job map yet: the embedding engine has not produced points.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rectangle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lasso</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free-hand selection; hold Shift to lasso in rectangle mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lay out again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Place every job afresh; a refresh otherwise keeps the jobs shown where they are</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Colour by:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Similar jobs lie close together</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other clusters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job #%1 (no longer listed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 jobs selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1 · mean wait %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · mean runtime %1 (%2 started)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1 no longer listed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · also selected in the timeline and heatmap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1 %2
%3 · %4 · %5
waited %6
owner: %7
click for its story</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team not known</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::FileMenu</name>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect in a new &amp;window…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Move cluster to a new window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;lose cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This console has no saved connections.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a saved cluster, or the embedded one, in a new tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a saved cluster in a window of its own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show a cluster&apos;s tab first.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::FilterBar</name>
    <message>
        <source>Waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no team)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Narrow every view to some kinds, states, teams, priorities or node groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear filters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show every job and device again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No filter: every job and device shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 jobs, %2 devices shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none listed yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Priority</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove this filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove filter %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::FindBar</name>
    <message>
        <source>&amp;Find:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find jobs and nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close the search and clear its highlights (Escape)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter: next result · Shift+Enter: previous · Esc: close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 jobs, %2 nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · result %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>job id, name, owner, team, kind, state, priority, node or node/slot</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::FragmentationPanel</name>
    <message>
        <source>GPU fragmentation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fragmented: free GPU share that the cluster&apos;s own job shapes could not use (Weng et al., ATC&apos;23). In GPUs; double-click a node to show it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fragmented</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partly used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free share the cluster&apos;s job shapes could not use (ATC&apos;23), in GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free GPU share, in GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free share on GPUs that jobs partly hold, in GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs on the node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU fragmentation per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU nodes, or no job list yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPUs free on %2 nodes; %3 of them on partly used GPUs; %4 fragmented for the current job shapes (%5 % of free).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::HeatmapView</name>
    <message>
        <source>Device slot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>STALE — connection lost, showing the last frame</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hottest in a band of %1 (%2 – %3) by %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device heatmap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One row per node, one column per device slot; arrow keys move the selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MIG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A band of %1 (%2 – %3): coloured by the team of one of its held devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::HelpMenu</name>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;User guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About HetSched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About HetSched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;HetSched console&lt;/b&gt; %1&lt;br&gt;Operations console for clusters that mix CPUs, GPUs and TPUs.&lt;br&gt;Workload shapes: Alibaba cluster-trace-gpu-v2023.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::HelpWindow</name>
    <message>
        <source>User guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy lifecycle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where a gateway reads a cluster from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HetSched help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Help documents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Help text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alerts</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::JobMapWorker</name>
    <message>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::JobStoryDialog</name>
    <message>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused: fits no node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latency-sensitive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>best effort</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>burstable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>guaranteed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job story</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Priority</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner / team</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Submitted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ran</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why it waits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes and devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job&apos;s events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (slot %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (slots %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 CPU cores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GiB memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 % of one GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 TPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 TPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>submitted, waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preempted, back in the queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>migrated to other devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job #%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job #%1 — story</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · QoS %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · may be preempted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not reported by this cluster&apos;s source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no prediction yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its node went down, back in the queue</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::JobStoryStrip</name>
    <message>
        <source>The job&apos;s life from submit to now</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::JobStyle</name>
    <message>
        <source>Training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Service</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Real-time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>High</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Middle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Low</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>team %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not reported</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::KindSummaryStrip</name>
    <message>
        <source>devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean util.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>power</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>–</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 kW</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MW</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes of this kind that stopped reporting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 summary</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::LivePolicyPanel</name>
    <message>
        <source>v%1 “%2” (%3 by %4 at %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Promote candidate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roll back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy on the gateway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arrivals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean wait, last window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roll back to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected to a gateway.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In force: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Canary: %1 on %2 % of new arrivals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No canary running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>v%1 “%2” (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no starts in the last %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s over %2 starts (%3 s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>canary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Both arms, live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preempted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Migrated</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::LiveTuning</name>
    <message>
        <source>The live what-if failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix the problems listed first: the live what-if runs only a policy the engine accepts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No live cluster to cut yet: the live what-if starts with the first job list, or choose a workload in the What-if tab.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running %1 against %2 in force…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::LiveWhatifStrip</name>
    <message>
        <source>Live what-if</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New cut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-run the what-if of the edited policy against the policy in force on every change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take the workload again (the cluster&apos;s cut now, or the What-if tab&apos;s choice)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move a slider or edit the policy: the what-if against the policy in force follows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 vs %2 in force, on %3 · %4 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(second lines: the cluster during a canary of it at %1 %)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::MainWindow</name>
    <message>
        <source>The embedded cluster did not start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clusters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HetSched — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>HetSched — Overview (%n open cluster(s))</source>
        <translation>
            <numerusform>HetSched — Overview (%n open cluster)</numerusform>
            <numerusform>HetSched — Overview (%n open clusters)</numerusform>
        </translation>
    </message>
    <message>
        <source>Not connected to %1: certificate not trusted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token for %1 kept for this session only: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::OverviewPage</name>
    <message>
        <source>Open in a &amp;tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open in a new &amp;window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved clusters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit connections…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open clusters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click a cluster, or select it and press Enter, to show its pages.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::ParetoPlot</name>
    <message>
        <source>Sweep points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>95 % interval</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::PolicyEditor</name>
    <message>
        <source>Built-in policies…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Push…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of new jobs the pushed policy schedules at first (canary)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Canary:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difference from base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Push policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix the problems listed first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compared with: %1 (built-in)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compared with: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No problems: the engine accepts this policy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policies (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a policy: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base policy:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>built-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a valid policy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Built-in policies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Canary share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy as JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Push this policy to the gateway as a canary, after a confirmation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Canary share slider</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::PolicyForm</name>
    <message>
        <source>Enabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume from checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team quotas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (add teams, guarantees and cohorts in the JSON tab)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teams</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs of a team with no queue: admitted (ADMIT, also when unset) or held (HOLD)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teams without a queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dominant resource fairness between teams</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n team(s): %1</source>
        <translation>
            <numerusform>%n team: %1</numerusform>
            <numerusform>%n teams: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Description</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue discipline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Aging interval (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backfill depth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Placement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add route</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove route</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Routes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>comma-separated weight per node, e.g. 3, 1, 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Virtual nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Priority factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resource score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>External scorer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preemption</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart cost (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Migration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilisation threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max moves per event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data per job (GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data per GPU (GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link (GiB/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prediction window (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max moves per tick</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Canary before promotion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Promote only after the canary ran this long (0: the console&apos;s default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>…or after the canary arm started this many jobs (0: the console&apos;s default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimum run time (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Or minimum starts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job kind of route %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device kind of route %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (a hybrid policy carries them; push reads hybrid:PATH)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hybrid weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 slider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SLO: target wait per class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>High priority (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Middle priority (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Low priority (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A job of this class waiting longer is an SLO violation in the what-if; at the default (%1 s, the built-in job-wait alert) the policy leaves it unset</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::PolicyMenu</name>
    <message>
        <source>&amp;Policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Push the editor&apos;s policy…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pro&amp;mote the canary…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Roll back to the chosen version…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;fresh the gateway&apos;s policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add the policy in &amp;force to the what-if</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R&amp;un the what-if</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel the what-if</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No cluster is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Push the editor&apos;s policy to the gateway as a canary, after a confirmation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make the canary the policy for every job, after comparing both arms</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::PolicyPages</name>
    <message>
        <source>a run is already in progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read snapshots of %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>policy editor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Push policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asking %1 for its policy…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>v%1 in force on the gateway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pushed as v%1 to %2 % of new arrivals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Promoted: v%1 is in force for every job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rolled back: v%1 is in force</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The gateway refused the %1: %2. Policy changes need an operator token (File → Connect…).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The gateway refused the %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The gateway has not reported its policy yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected to a gateway.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End the canary of v%1 and keep v%2 for every job?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make v%1&apos;s policy the one in force again (as a new version)?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roll back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in force at snapshot #%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in force on the gateway (v%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No policy in force known: pick a snapshot, or connect to a gateway that reports one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in force in the replayed snapshot (v%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replaying snapshot “%1”: it recorded v%2 “%3” in force. Nothing here acts on a gateway; Back to live first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not promoted: the canary has only %1. Wait, or tick the override.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n device(s)): %2 running and %3 queued jobs now; the cut is taken in memory when a run starts.</source>
        <translation>
            <numerusform>%1 (%n device): %2 running and %3 queued jobs now; the cut is taken in memory when a run starts.</numerusform>
            <numerusform>%1 (%n devices): %2 running and %3 queued jobs now; the cut is taken in memory when a run starts.</numerusform>
        </translation>
    </message>
    <message>
        <source>a sweep is already in progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loaded %1 of %2 into the editor</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::PromoteDialog</name>
    <message>
        <source>Promote before the canary has run long enough</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Promote</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make v%1 “%2” the policy for every job (now %3 % of new arrivals)?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Both arms compared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Canary must run at least</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>or start at least (jobs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The canary has %1: ready to promote.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The canary has only %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::QueuePage</name>
    <message>
        <source>&amp;Follow now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Priority</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the present in view (Home)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fold nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unfold nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Colour by:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wheel or +/− zooms · drag or arrows pan · click a bar to select its job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>· pale = waiting · hatched = preempted · dashed = migrated · red line = now · after it, pale hatched with a dashed outline = predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::QueuePanel</name>
    <message>
        <source>No jobs waiting.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) waiting, in service order (priority class, then submit time). Start times need a what-if prediction.</source>
        <translation>
            <numerusform>%n job waiting, in service order (priority class, then submit time). Start times need a what-if prediction.</numerusform>
            <numerusform>%n jobs waiting, in service order (priority class, then submit time). Start times need a what-if prediction.</numerusform>
        </translation>
    </message>
    <message>
        <source>Waiting jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) waiting, in order of predicted start: the gateway&apos;s scheduling core run forward from now, with no new arrivals.</source>
        <translation>
            <numerusform>%n job waiting, in order of predicted start: the gateway&apos;s scheduling core run forward from now, with no new arrivals.</numerusform>
            <numerusform>%n jobs waiting, in order of predicted start: the gateway&apos;s scheduling core run forward from now, with no new arrivals.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hetsched::QueueTableModel</name>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Priority</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Submitted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why it waits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner (team)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::QueueTimelineView</name>
    <message>
        <source>No jobs yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster time →</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue (waiting)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 %2 · %n node(s)</source>
        <translation>
            <numerusform>%1 %2 · %n node</numerusform>
            <numerusform>%1 %2 · %n nodes</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slot %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting in the queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preempted run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run before migration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · slot %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(unknown job)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>still open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; #%2&lt;br&gt;%3 · %4 priority</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 → %2 (%3 min)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>predicted run (the live forecast)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;team %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::ReplayBar</name>
    <message>
        <source>Back to live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave the replay and show the live cluster again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play or pause the replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One frame back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One frame forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Playback speed (cluster seconds per second)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>H:MM:SS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jump to a cluster time and press Enter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay — %1 — %2 @ %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>frame %1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::ReplayController</name>
    <message>
        <source>The file holds no snapshots.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The snapshot has no frame history to replay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The snapshot&apos;s job map weights are damaged; the map is trained again. (%1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::ReplayMenu</name>
    <message>
        <source>&amp;Replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Play or pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One frame &amp;back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One frame &amp;forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to &amp;live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not replaying: open a snapshot first (File → Open snapshot…).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::SavedConnectionModel</name>
    <message>
        <source>Embedded simulated cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A gateway in this process, on loopback, over a simulated cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (TLS)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::ShortcutsDialog</name>
    <message>
        <source>Heatmap › Move the selected device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arrow keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heatmap › First or last device of the row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Home, End</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue timeline › Zoom in or out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+, −, mouse wheel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue timeline › Pan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arrow keys, drag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue timeline › Follow now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Home</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job map › Lasso instead of rectangle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift while dragging</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any page › Next or previous page of a cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Tab, Ctrl+Shift+Tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::SnapshotMenu</name>
    <message>
        <source>HetSched snapshots (*.hsnap);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Take snapshot…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open snapshot…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Recent files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open snapshot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take snapshot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Taking a snapshot…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The snapshot was not saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a cluster first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the live cluster&apos;s state and recent history to a file</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::SnapshotTaker</name>
    <message>
        <source>Receiving the snapshot from the gateway…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saving into %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training the job embedder…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::StatusArea</name>
    <message>
        <source>Messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Frame</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::SubmitJobDialog</name>
    <message>
        <source> milli-CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> ‰ of a GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> TPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>May be preempted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Submit job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training (→ GPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inference (→ TPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Service (→ CPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch (→ CPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Real-time (→ CPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>High — real-time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Middle — periodic control</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Low — logging, background</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency-sensitive (LS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best effort (BE)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Burstable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Guaranteed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A share of one GPU instead of whole GPUs (1000 = one GPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Priority class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>QoS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whole GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated runtime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Submit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The gateway refused the job: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::SweepAxisEditor</name>
    <message>
        <source>Parameter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::SweepPolicyList</name>
    <message>
        <source>Policies to sweep over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tick the policies to run: each is one point of the sweep, on the same workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tick all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tick none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>built-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policies (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>listed on the left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>v%1 on the gateway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a valid policy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::SweepView</name>
    <message>
        <source>and</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run sweep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy to sweep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One of the policies listed on the left; add the editor&apos;s to sweep it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A grid of two parameters: every pair of values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metric across</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metric up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>against</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sweep points and their Pareto front</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sweep point %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a policy on the left (the editor&apos;s, a built-in or a file) to sweep it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose two different parameters for a grid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 points: at most %2 in one sweep; widen the steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 = %n point(s)</source>
        <translation>
            <numerusform>%1 = %n point</numerusform>
            <numerusform>%1 = %n points</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s)</source>
        <translation>
            <numerusform>%n point</numerusform>
            <numerusform>%n points</numerusform>
        </translation>
    </message>
    <message>
        <source>Every point is the policy with those values, run on the workload on the left on every core. Run sweep, then hover a point for its values; click one to load it into the Policies tab&apos;s editor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sweeping %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sweep failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 over %n point(s) in %2 s; %3 on the Pareto front of %4 (%5) and %6 (%7). Hover a point for its values; click one to load it into the Policies tab&apos;s editor.</source>
        <translation>
            <numerusform>%1 over %n point in %2 s; %3 on the Pareto front of %4 (%5) and %6 (%7). Hover a point for its values; click one to load it into the Policies tab&apos;s editor.</numerusform>
            <numerusform>%1 over %n points in %2 s; %3 on the Pareto front of %4 (%5) and %6 (%7). Hover a point for its values; click one to load it into the Policies tab&apos;s editor.</numerusform>
        </translation>
    </message>
    <message>
        <source>higher is better</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lower is better</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On the Pareto front</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click to load this policy into the Policies tab&apos;s editor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters of one policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A list of policies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What to sweep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters: one policy over a range of one or two of its parameters. Policies: every ticked policy once, on the same workload.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replicas per point</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Above 1: also run every point on this many replicas of the workload (as the Replicas of a what-if) and plot each metric&apos;s median with its 95 % interval as error bars; the front is taken on the medians. Each replica costs one run per point.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%v / %m runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the sweep&apos;s point</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tick at least one policy: each is one point, run on the workload on the left.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 points: at most %2 in one sweep.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every ticked policy is one point, run on the workload on the left on every core. Run sweep, then hover a point for its values; click one to load it into the Policies tab&apos;s editor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Sweeping %n policies…</source>
        <translation>
            <numerusform>Sweeping %n policy…</numerusform>
            <numerusform>Sweeping %n policies…</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled after %1 of %2 runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n policies</source>
        <translation>
            <numerusform>%n policy</numerusform>
            <numerusform>%n policies</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Each point: the median over %n replica(s), its 95 % interval as error bars; the front is taken on the medians.</source>
        <translation>
            <numerusform>Each point: the median over %n replica, its 95 % interval as error bars; the front is taken on the medians.</numerusform>
            <numerusform>Each point: the median over %n replicas, its 95 % interval as error bars; the front is taken on the medians.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 (95 % interval %3 to %4)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::TeamColours</name>
    <message>
        <source>(no team)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No team reported yet</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::TlsProbe</name>
    <message>
        <source>%1 is not HOST:PORT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qt has no TLS backend here (the OpenSSL plugin)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no TLS answer from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server sent no certificate</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::TokenVault</name>
    <message>
        <source>no keychain service is running (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the keychain refused access (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the keychain could not delete the token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this build has no keychain support (QtKeychain)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::ViewMenu</name>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Queue timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Job map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Policies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;What-if</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P&amp;revious cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour heatmap &amp;by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow the &amp;system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Full screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No cluster is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Alerts</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::WeightSliders</name>
    <message>
        <source>Weight of node %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n more weight(s): type them above</source>
        <translation>
            <numerusform>%n more weight: type them above</numerusform>
            <numerusform>%n more weights: type them above</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hetsched::WhatifLauncher</name>
    <message>
        <source>Cannot create %1 for the snapshot.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What-if from now: %1 (%2 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What-if from now: the snapshot failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What-if from now: taking a snapshot of %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what-if from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>policy editor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What-if from now: ready, press Run (Ctrl+R).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What-if from now: add a candidate policy, then Run (Ctrl+R).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::WhatifMetricsModel</name>
    <message>
        <source>Metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2–%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Median over %n replica(s): %1; 95 % of them between %2 and %3.</source>
        <translation>
            <numerusform>Median over %n replica: %1; 95 % of them between %2 and %3.</numerusform>
            <numerusform>Median over %n replicas: %1; 95 % of them between %2 and %3.</numerusform>
        </translation>
    </message>
    <message>
        <source>Difference from %1, replica by replica: median %2, 95 % interval %3 to %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The interval excludes zero: the difference is significant.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The interval includes zero: the difference may be noise, not significant.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::WhatifRunner</name>
    <message numerus="yes">
        <source>Recorded %n what-if run(s) in snapshot #%1 of %2</source>
        <translation>
            <numerusform>Recorded %n what-if run in snapshot #%1 of %2</numerusform>
            <numerusform>Recorded %n what-if runs in snapshot #%1 of %2</numerusform>
        </translation>
    </message>
    <message>
        <source>The what-if runs were not recorded in %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replicas: %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hetsched::WhatifView</name>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export charts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait CDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs that changed most</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a workload and at least two policies, then Run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export metrics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG (*.png);;PDF (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose at least two policies to compare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Running %n policies…</source>
        <translation>
            <numerusform>Running %n policy…</numerusform>
            <numerusform>Running %n policies…</numerusform>
        </translation>
    </message>
    <message>
        <source>The what-if run failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Synthetic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Snapshot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alibaba trace excerpt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offered load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Snapshot file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pod list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policies (the first is the baseline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a built-in…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add editor&apos;s policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>built-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policies (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a valid policy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy in force</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare against the policy the snapshot recorded, or the one the gateway runs now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From the cut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay the recorded jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From the cut: running jobs stay on their nodes, queued ones wait, and the next window brings the arrivals of the last one. Replay: every recorded job from its submit time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arrivals window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metrics per policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n policies compared; colours: blue better, orange worse than %2.</source>
        <translation>
            <numerusform>%1 — %n policy compared; colours: blue better, orange worse than %2.</numerusform>
            <numerusform>%1 — %n policies compared; colours: blue better, orange worse than %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Snapshots (*.hsnap *.hetsnap *.sqlite *.db);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From the cluster now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Snapshot the cluster shown (or use the snapshot being replayed), start from its cut, and compare the policy in force with the editor&apos;s policy (Ctrl+Shift+W)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workload kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policies to compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a built-in policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How well the engine reproduces this snapshot is unknown: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fidelity: no job started within this snapshot&apos;s recorded %1 s, so how closely the engine reproduces it cannot be measured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Fidelity: the engine reproduces this snapshot&apos;s past %1 min (%n job(s)) with P95 start error %2 s, %3 % on the same node%4.</source>
        <translation>
            <numerusform>Fidelity: the engine reproduces this snapshot&apos;s past %1 min (%n job) with P95 start error %2 s, %3 % on the same node%4.</numerusform>
            <numerusform>Fidelity: the engine reproduces this snapshot&apos;s past %1 min (%n jobs) with P95 start error %2 s, %3 % on the same node%4.</numerusform>
        </translation>
    </message>
    <message>
        <source>: an exact reproduction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>: predictions here are only as close as that</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cluster now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No live cluster is connected (or a snapshot is being replayed): choose another workload, or use From the cluster now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cluster now: %1 Running jobs stay on their nodes, queued ones wait, and the next hour brings the arrivals of the last.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Besides the run shown, run every policy on this many replicas of the workload (arrivals resampled in blocks, runtimes from the estimator&apos;s errors) and show each metric&apos;s median and 95 % interval; a difference from the first policy is marked significant (bold, coloured, *) only when its paired interval excludes zero. 1: the single run only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Running %n policies, then each on %1 replicas…</source>
        <translation>
            <numerusform>Running %n policy, then each on %1 replicas…</numerusform>
            <numerusform>Running %n policies, then each on %1 replicas…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Each metric: median (95 % interval) over %n replica(s); Δ: the paired difference from the first policy, bold and coloured with * only when significant.</source>
        <translation>
            <numerusform>Each metric: median (95 % interval) over %n replica; Δ: the paired difference from the first policy, bold and coloured with * only when significant.</numerusform>
            <numerusform>Each metric: median (95 % interval) over %n replicas; Δ: the paired difference from the first policy, bold and coloured with * only when significant.</numerusform>
        </translation>
    </message>
    <message>
        <source>Teams: wait, share and quota use per policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teams</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a candidate to compare with %1 (a built-in, a file or the editor&apos;s policy), then Run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Run (Ctrl+R) compares %n policies against the first.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
</TS>

<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ko_KR">
<context>
    <name>AlertText</name>
    <message>
        <source>node down</source>
        <translation>노드 다운</translation>
    </message>
    <message>
        <source>device temperature</source>
        <translation>장치 온도</translation>
    </message>
    <message>
        <source>device power</source>
        <translation>장치 전력</translation>
    </message>
    <message>
        <source>job waiting too long</source>
        <translation>작업 대기 시간 초과</translation>
    </message>
    <message>
        <source>GPUs idle while GPU jobs wait</source>
        <translation>GPU 작업이 기다리는데 GPU가 유휴</translation>
    </message>
    <message>
        <source>canary worse than active policy</source>
        <translation>카나리가 활성 정책보다 나쁨</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>심각</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>경고</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>대기 중</translation>
    </message>
    <message>
        <source>firing</source>
        <translation>발생 중</translation>
    </message>
    <message>
        <source>resolved</source>
        <translation>해결됨</translation>
    </message>
    <message>
        <source>down</source>
        <translation>다운</translation>
    </message>
    <message>
        <source>%1 °C (above %2)</source>
        <translation>%1 °C (%2 초과)</translation>
    </message>
    <message>
        <source>%1 W (above %2)</source>
        <translation>%1 W (%2 초과)</translation>
    </message>
    <message>
        <source>waited %1 min (above %2)</source>
        <translation>%1분 대기 (%2 초과)</translation>
    </message>
    <message numerus="yes">
        <source>%n idle GPUs</source>
        <translation>
            <numerusform>유휴 GPU %n개</numerusform>
        </translation>
    </message>
    <message>
        <source>+%1 s mean wait</source>
        <translation>평균 대기 +%1초</translation>
    </message>
    <message>
        <source>high priority</source>
        <translation>높은 우선순위</translation>
    </message>
    <message>
        <source>middle priority</source>
        <translation>중간 우선순위</translation>
    </message>
    <message>
        <source>low priority</source>
        <translation>낮은 우선순위</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>canary %1</source>
        <translation>카나리 %1</translation>
    </message>
    <message>
        <source>%1: %2 (%3, %4)</source>
        <translation>%1: %2 (%3, %4)</translation>
    </message>
</context>
<context>
    <name>PushConfirmation</name>
    <message>
        <source>&lt;p&gt;Push &lt;b&gt;%1&lt;/b&gt; (version %2) to the cluster for &lt;b&gt;%3 %&lt;/b&gt; of new jobs first (canary)?&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt; (버전 %2)을(를) 클러스터에 배포하고 처음에는 새 작업의 &lt;b&gt;%3 %&lt;/b&gt;에만 적용할까요 (카나리)?&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Changes from %1:&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1 대비 변경:&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;none&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;없음&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;No what-if run compared this policy yet: its effect is not predicted.&lt;/p&gt;</source>
        <translation>&lt;p&gt;아직 이 정책을 비교한 가정 분석 실행이 없어 효과를 예측하지 못했습니다.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Predicted by the last what-if (%1), against %2:&lt;/p&gt;</source>
        <translation>&lt;p&gt;마지막 가정 분석 (%1)의 %2 대비 예측:&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Wait avg (s)</source>
        <translation>평균 대기 (초)</translation>
    </message>
    <message>
        <source>Wait P95 (s)</source>
        <translation>대기 P95 (초)</translation>
    </message>
    <message>
        <source>JCT avg (s)</source>
        <translation>평균 JCT (초)</translation>
    </message>
    <message>
        <source>GPU busy</source>
        <translation>GPU 사용 중</translation>
    </message>
    <message>
        <source>Energy (kWh)</source>
        <translation>에너지 (kWh)</translation>
    </message>
</context>
<context>
    <name>QMessageBox</name>
    <message>
        <source>Trust this gateway?</source>
        <translation>이 게이트웨이를 신뢰하시겠습니까?</translation>
    </message>
    <message>
        <source>%1 presents a certificate no CA vouches for here (%2).</source>
        <translation>%1이(가) 여기서 어떤 CA도 보증하지 않는 인증서를 제시합니다 (%2).</translation>
    </message>
    <message>
        <source>Its SHA-256 fingerprint is
%1

Compare it with the one the gateway&apos;s operator gives you (openssl x509 -noout -fingerprint -sha256 -in CERT). Trusted, it is remembered for this connection.</source>
        <translation>SHA-256 지문:
%1

게이트웨이 운영자가 알려 준 지문과 비교하세요 (openssl x509 -noout -fingerprint -sha256 -in CERT). 신뢰하면 이 연결에 기억됩니다.</translation>
    </message>
    <message>
        <source>Trust</source>
        <translation>신뢰</translation>
    </message>
    <message>
        <source>THE GATEWAY&apos;S CERTIFICATE HAS CHANGED</source>
        <translation>게이트웨이 인증서가 바뀌었습니다</translation>
    </message>
    <message>
        <source>&lt;b&gt;WARNING: %1 presents a different certificate from the one you trusted.&lt;/b&gt;</source>
        <translation>&lt;b&gt;경고: %1이(가) 신뢰했던 것과 다른 인증서를 제시합니다.&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Someone may be intercepting the connection to steal your token, or the gateway got a new certificate.

Trusted before:
%1
Presented now:
%2

Do not connect unless the gateway&apos;s operator confirms the new fingerprint.</source>
        <translation>누군가 토큰을 훔치려고 연결을 가로채고 있거나, 게이트웨이가 새 인증서를 받았을 수 있습니다.

이전에 신뢰한 지문:
%1
지금 제시된 지문:
%2

게이트웨이 운영자가 새 지문을 확인해 주기 전에는 연결하지 마세요.</translation>
    </message>
    <message>
        <source>Trust the new certificate</source>
        <translation>새 인증서 신뢰</translation>
    </message>
</context>
<context>
    <name>WaitReasonText</name>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>TPU</source>
        <translation>TPU</translation>
    </message>
    <message>
        <source>host CPU</source>
        <translation>호스트 CPU</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>메모리</translation>
    </message>
    <message>
        <source>an allowed %1 model</source>
        <translation>허용된 %1 모델</translation>
    </message>
    <message>
        <source>nodes up</source>
        <translation>가동 노드</translation>
    </message>
    <message>
        <source>first in line</source>
        <translation>대기열 맨 앞</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) ahead</source>
        <translation>
            <numerusform>앞에 작업 %n개</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n by priority class)</source>
        <translation>
            <numerusform> (우선순위 등급으로 %n개)</numerusform>
        </translation>
    </message>
    <message>
        <source> · aged to %1</source>
        <translation> · 에이징으로 %1까지 상승</translation>
    </message>
    <message>
        <source>Just submitted: not yet seen by the scheduler</source>
        <translation>방금 제출됨: 스케줄러가 아직 보지 못했습니다</translation>
    </message>
    <message>
        <source>Can never fit: the largest %1 node is too small</source>
        <translation>배치 불가: 가장 큰 %1 노드도 너무 작습니다</translation>
    </message>
    <message>
        <source>Held by a quota · %1</source>
        <translation>쿼터에 묶여 있음 · %1</translation>
    </message>
    <message>
        <source>Held: the job has no team, and the policy holds jobs of teams without a queue</source>
        <translation>대기: 작업에 팀이 없고, 정책이 큐 없는 팀의 작업을 붙잡아 둡니다</translation>
    </message>
    <message>
        <source>Held: team %1 has no queue in the policy, which holds such teams</source>
        <translation>대기: %1 팀은 정책에 큐가 없고, 정책이 그런 팀을 붙잡아 둡니다</translation>
    </message>
    <message>
        <source>Team %1 is over its %2 quota: uses %3 (%4 guaranteed + %5 borrowed), asks %6, may borrow %7 more</source>
        <translation>%1 팀이 %2 쿼터를 넘음: %3 사용 중 (보장 %4 + 차용 %5), %6 요청, 추가 차용 가능 %7</translation>
    </message>
    <message>
        <source>All %1 %2 nodes are down · %3</source>
        <translation>%2 노드 %1개가 모두 다운 · %3</translation>
    </message>
    <message>
        <source>No %1 node has room: %2 short on %3 of %4 nodes · %5</source>
        <translation>자리가 있는 %1 노드 없음: 노드 %4개 중 %3개에서 %2 부족 · %5</translation>
    </message>
    <message numerus="yes">
        <source>%1 · room on %n %2 node(s), but its turn has not come</source>
        <translation>
            <numerusform>%1 · %2 노드 %n개에 자리가 있지만 아직 차례가 아닙니다</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deferred by the learned policy until %2 capacity is freed · %1 · room on %n %2 node(s)</source>
        <translation>
            <numerusform>학습된 정책이 %2 용량이 풀릴 때까지 미룸 · %1 · %2 노드 %n개에 자리 있음</numerusform>
        </translation>
    </message>
    <message>
        <source> · a node is kept for it (it has waited longest), expected to drain by %1</source>
        <translation> · 가장 오래 기다린 작업이라 노드 하나가 예약됨, %1쯤 비워질 예정</translation>
    </message>
    <message>
        <source>Room only on a node kept for job %1 (it has waited longest) until about %2; this job would still be running then · %3</source>
        <translation>가장 오래 기다린 작업 %1을 위해 %2쯤까지 예약된 노드에만 자리가 있음; 이 작업은 그때도 실행 중일 것 · %3</translation>
    </message>
</context>
<context>
    <name>WhatifCharts</name>
    <message>
        <source>Wait (s)</source>
        <translation>대기 (초)</translation>
    </message>
    <message>
        <source>Share of jobs</source>
        <translation>작업 비율</translation>
    </message>
    <message>
        <source>%1 busy (%)</source>
        <translation>%1 사용 중 (%)</translation>
    </message>
    <message>
        <source>Simulated time (h)</source>
        <translation>시뮬레이션 시간 (시)</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>작업</translation>
    </message>
    <message>
        <source>Arrival (s)</source>
        <translation>도착 (초)</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>정책</translation>
    </message>
    <message>
        <source>Wait before (s)</source>
        <translation>이전 대기 (초)</translation>
    </message>
    <message>
        <source>Wait after (s)</source>
        <translation>이후 대기 (초)</translation>
    </message>
    <message>
        <source>Change (s)</source>
        <translation>변화 (초)</translation>
    </message>
    <message>
        <source>never ran</source>
        <translation>실행 안 됨</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
</context>
<context>
    <name>WhatifMetricsModel</name>
    <message>
        <source>JCT P99 (s)</source>
        <translation>JCT P99 (초)</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 시간</translation>
    </message>
    <message>
        <source>SLO violations</source>
        <translation>SLO 위반</translation>
    </message>
    <message>
        <source>Goodput</source>
        <translation>유효 작업률</translation>
    </message>
    <message>
        <source>Jain index (teams)</source>
        <translation>Jain 지수 (팀)</translation>
    </message>
    <message>
        <source>Jain index (users)</source>
        <translation>Jain 지수 (사용자)</translation>
    </message>
    <message>
        <source>Finish-time fairness avg</source>
        <translation>완료 시간 공정성 평균</translation>
    </message>
    <message>
        <source>Finish-time fairness max</source>
        <translation>완료 시간 공정성 최대</translation>
    </message>
    <message>
        <source>99th percentile of job completion time (end − arrival); Sia, SOSP&apos;23</source>
        <translation>작업 완료 시간(종료 − 도착)의 99번째 백분위수; Sia, SOSP&apos;23</translation>
    </message>
    <message>
        <source>GPU time allocated, in GPU-hours; Sia, SOSP&apos;23</source>
        <translation>할당된 GPU 시간 (GPU 시간 단위); Sia, SOSP&apos;23</translation>
    </message>
    <message>
        <source>Useful work over device time held: below 1 when preemptions, restarts or moves redo or pause work</source>
        <translation>점유한 장치 시간 대비 유용한 작업: 선점, 재시작, 이동으로 작업을 다시 하거나 멈추면 1보다 작음</translation>
    </message>
    <message>
        <source>Jain&apos;s fairness index of the teams&apos; service rate (runtime ÷ completion time): 1 when every team is slowed alike; Jain et al., 1984</source>
        <translation>팀별 서비스율(실행 시간 ÷ 완료 시간)의 Jain 공정성 지수: 모든 팀이 똑같이 늦춰지면 1; Jain 외, 1984</translation>
    </message>
    <message>
        <source>Jain&apos;s fairness index of the users&apos; service rate: 1 when every user is slowed alike; Jain et al., 1984</source>
        <translation>사용자별 서비스율의 Jain 공정성 지수: 모든 사용자가 똑같이 늦춰지면 1; Jain 외, 1984</translation>
    </message>
    <message>
        <source>Mean finish-time fairness ρ: completion time shared ÷ alone with a 1/N share; ≤ 1 is fair; Themis, NSDI&apos;20</source>
        <translation>평균 완료 시간 공정성 ρ: 공유 시 완료 시간 ÷ 1/N 몫으로 단독 실행 시 완료 시간; 1 이하면 공정; Themis, NSDI&apos;20</translation>
    </message>
    <message>
        <source>Worst job&apos;s finish-time fairness ρ; Themis, NSDI&apos;20</source>
        <translation>가장 불리한 작업의 완료 시간 공정성 ρ; Themis, NSDI&apos;20</translation>
    </message>
    <message>
        <source>%1: wait %2 s, share %3 %</source>
        <translation>%1: 대기 %2초, 몫 %3 %</translation>
    </message>
    <message>
        <source>(no team)</source>
        <translation>(팀 없음)</translation>
    </message>
    <message>
        <source>Jobs completed</source>
        <translation>완료된 작업</translation>
    </message>
    <message>
        <source>Unschedulable</source>
        <translation>스케줄 불가</translation>
    </message>
    <message>
        <source>Wait avg (s)</source>
        <translation>평균 대기 (초)</translation>
    </message>
    <message>
        <source>Wait P50 (s)</source>
        <translation>대기 P50 (초)</translation>
    </message>
    <message>
        <source>Wait P95 (s)</source>
        <translation>대기 P95 (초)</translation>
    </message>
    <message>
        <source>Wait P99 (s)</source>
        <translation>대기 P99 (초)</translation>
    </message>
    <message>
        <source>Response avg (s)</source>
        <translation>평균 응답 (초)</translation>
    </message>
    <message>
        <source>JCT avg (s)</source>
        <translation>평균 JCT (초)</translation>
    </message>
    <message>
        <source>Slowdown avg</source>
        <translation>평균 감속비</translation>
    </message>
    <message>
        <source>Makespan (s)</source>
        <translation>메이크스팬 (초)</translation>
    </message>
    <message>
        <source>CPU busy</source>
        <translation>CPU 사용 중</translation>
    </message>
    <message>
        <source>GPU busy</source>
        <translation>GPU 사용 중</translation>
    </message>
    <message>
        <source>TPU busy</source>
        <translation>TPU 사용 중</translation>
    </message>
    <message>
        <source>CPU allocated</source>
        <translation>CPU 할당</translation>
    </message>
    <message>
        <source>GPU allocation ratio</source>
        <translation>GPU 할당률</translation>
    </message>
    <message>
        <source>TPU allocated</source>
        <translation>TPU 할당</translation>
    </message>
    <message>
        <source>Energy (kWh)</source>
        <translation>에너지 (kWh)</translation>
    </message>
    <message>
        <source>Preemptions</source>
        <translation>선점 횟수</translation>
    </message>
    <message>
        <source>Migrations</source>
        <translation>마이그레이션 횟수</translation>
    </message>
    <message>
        <source>GPU allocated while jobs arrive</source>
        <translation>작업 도착 중 GPU 할당률</translation>
    </message>
    <message>
        <source>Jobs that waited longer than their class&apos;s target wait, the baseline policy&apos;s SLO (unset: high 5 min, middle 30 min, low 4 h); Gavel, OSDI&apos;20</source>
        <translation>클래스별 목표 대기(기준 정책의 SLO, 미설정 시 높음 5분, 중간 30분, 낮음 4시간)보다 오래 기다린 작업 수; Gavel, OSDI&apos;20</translation>
    </message>
</context>
<context>
    <name>WhatifTeamsTable</name>
    <message>
        <source>Policy</source>
        <translation>정책</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>팀</translation>
    </message>
    <message>
        <source>Completed</source>
        <translation>완료</translation>
    </message>
    <message>
        <source>Wait avg (s)</source>
        <translation>평균 대기 (초)</translation>
    </message>
    <message>
        <source>Share (%)</source>
        <translation>점유율 (%)</translation>
    </message>
    <message>
        <source>CPU cores guaranteed</source>
        <translation>보장 CPU 코어</translation>
    </message>
    <message>
        <source>CPU cores avg</source>
        <translation>CPU 코어 평균</translation>
    </message>
    <message>
        <source>CPU cores peak</source>
        <translation>CPU 코어 최대</translation>
    </message>
    <message>
        <source>Borrowed core-hours</source>
        <translation>빌린 코어·시간</translation>
    </message>
    <message>
        <source>GPUs guaranteed</source>
        <translation>보장 GPU</translation>
    </message>
    <message>
        <source>GPUs avg</source>
        <translation>GPU 평균</translation>
    </message>
    <message>
        <source>GPUs peak</source>
        <translation>GPU 최대</translation>
    </message>
    <message>
        <source>Borrowed GPU-hours</source>
        <translation>빌린 GPU·시간</translation>
    </message>
    <message>
        <source>TPUs guaranteed</source>
        <translation>보장 TPU</translation>
    </message>
    <message>
        <source>TPUs avg</source>
        <translation>TPU 평균</translation>
    </message>
    <message>
        <source>TPUs peak</source>
        <translation>TPU 최대</translation>
    </message>
    <message>
        <source>Borrowed TPU-hours</source>
        <translation>빌린 TPU·시간</translation>
    </message>
    <message>
        <source>(no team)</source>
        <translation>(팀 없음)</translation>
    </message>
    <message>
        <source>not limited</source>
        <translation>제한 없음</translation>
    </message>
</context>
<context>
    <name>hetsched</name>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>TPU</source>
        <translation>TPU</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>유휴</translation>
    </message>
    <message>
        <source>#%1</source>
        <translation>#%1</translation>
    </message>
    <message>
        <source>#%1 %2</source>
        <translation>#%1 %2</translation>
    </message>
    <message>
        <source>up</source>
        <translation>정상</translation>
    </message>
    <message>
        <source>DOWN</source>
        <translation>다운</translation>
    </message>
    <message>
        <source>%1 · slot %2 (%3)</source>
        <translation>%1 · 슬롯 %2 (%3)</translation>
    </message>
    <message>
        <source>%1, node DOWN</source>
        <translation>%1, 노드 다운</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>모델: %1</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Job: %1</source>
        <translation>작업: %1</translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation>사용률</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>메모리</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>전력</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>온도</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>W</source>
        <translation>W</translation>
    </message>
    <message>
        <source>°C</source>
        <translation>°C</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1초</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1분</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1분 %2초</translation>
    </message>
    <message>
        <source>ran %1 of %2, started %3 of %4 jobs</source>
        <translation>%2 중 %1 실행, 작업 %4개 중 %3개 시작</translation>
    </message>
    <message>
        <source>&lt;p&gt;The frames carry no canary arm yet: nothing to compare.&lt;/p&gt;</source>
        <translation>&lt;p&gt;프레임에 아직 카나리 쪽 집계가 없어 비교할 것이 없습니다.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>active</source>
        <translation>활성</translation>
    </message>
    <message>
        <source>canary</source>
        <translation>카나리</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>버전</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>정책</translation>
    </message>
    <message>
        <source>Arrivals</source>
        <translation>도착</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>실행 중</translation>
    </message>
    <message>
        <source>Queued</source>
        <translation>대기 중</translation>
    </message>
    <message>
        <source>Completed</source>
        <translation>완료</translation>
    </message>
    <message>
        <source>no starts</source>
        <translation>시작 없음</translation>
    </message>
    <message>
        <source>%1 s (%2 starts)</source>
        <translation>%1초 (시작 %2건)</translation>
    </message>
    <message>
        <source>Mean wait, last %1 s</source>
        <translation>평균 대기, 최근 %1초</translation>
    </message>
    <message>
        <source>synthetic cluster of %1 nodes, %2 synthetic jobs (seed %3)</source>
        <translation>노드 %1개의 합성 클러스터, 합성 작업 %2개 (시드 %3)</translation>
    </message>
    <message>
        <source>%1 jobs of snapshot #%2 of %3 (%4)</source>
        <translation>%3의 스냅샷 #%2에 담긴 작업 %1개 (%4)</translation>
    </message>
    <message>
        <source>the cut of snapshot #%1 of %2 (%3): %4 running, %5 queued, then the last %6 s of arrivals again (%7 jobs)</source>
        <translation>%2의 스냅샷 #%1 시점 (%3): 실행 중 %4개, 대기 중 %5개, 이어서 직전 %6초 동안 도착한 작업을 다시 (작업 %7개)</translation>
    </message>
    <message>
        <source>Alibaba trace excerpt: %1, %2</source>
        <translation>Alibaba 트레이스 발췌: %1, %2</translation>
    </message>
    <message>
        <source>nothing held</source>
        <translation>할당 없음</translation>
    </message>
    <message>
        <source>%1 % held by 1 job</source>
        <translation>%1 % 할당, 작업 1개</translation>
    </message>
    <message>
        <source>%1 % held by %2 jobs</source>
        <translation>%1 % 할당, 작업 %2개</translation>
    </message>
    <message>
        <source>%1 · %2&#xa0;%</source>
        <translation>%1 · %2&#xa0;%</translation>
    </message>
    <message>
        <source>Allocated: %1</source>
        <translation>할당: %1</translation>
    </message>
    <message>
        <source>Allocation</source>
        <translation>할당</translation>
    </message>
    <message>
        <source>Preempted</source>
        <translation>선점됨</translation>
    </message>
    <message>
        <source>Migrated</source>
        <translation>이전됨</translation>
    </message>
    <message>
        <source>Power (% of TDP)</source>
        <translation>전력 (TDP 대비 %)</translation>
    </message>
    <message>
        <source>MIG %1 (its GPU not reported)</source>
        <translation>MIG %1 (상위 GPU가 보고되지 않음)</translation>
    </message>
    <message>
        <source>MIG %1 of the GPU in slot %2, %3/%4 of its compute</source>
        <translation>슬롯 %2 GPU의 MIG %1, 연산의 %3/%4</translation>
    </message>
    <message>
        <source>MIG on: no instances (%1 slices free)</source>
        <translation>MIG 켜짐: 인스턴스 없음 (슬라이스 %1개 여유)</translation>
    </message>
    <message>
        <source>MIG on: %1 (%2 of %3 slices)</source>
        <translation>MIG 켜짐: %1 (슬라이스 %3개 중 %2개)</translation>
    </message>
    <message>
        <source>Partition: %1</source>
        <translation>파티션: %1</translation>
    </message>
    <message>
        <source>the cluster “%1” now, cut in memory: %2 running, %3 queued, then the last %4 s of arrivals again (%5 jobs)</source>
        <translation>지금의 클러스터 “%1” (메모리에서 자름): 실행 중 %2개, 대기 중 %3개, 이어서 직전 %4초 동안 도착한 작업을 다시 (작업 %5개)</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>팀</translation>
    </message>
</context>
<context>
    <name>hetsched::AlertListModel</name>
    <message>
        <source>%1 (acknowledged)</source>
        <translation>%1 (확인함)</translation>
    </message>
    <message>
        <source>%1, resolved %2</source>
        <translation>%1, %2에 해결</translation>
    </message>
    <message>
        <source>State</source>
        <translation>상태</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>심각도</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>규칙</translation>
    </message>
    <message>
        <source>Subject</source>
        <translation>대상</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>조건</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>값</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>시작</translation>
    </message>
    <message>
        <source>Fired</source>
        <translation>발생</translation>
    </message>
    <message>
        <source>Acknowledged by %1 at %2</source>
        <translation>%1이(가) %2에 확인함</translation>
    </message>
    <message>
        <source>Acknowledged by</source>
        <translation>확인한 사람</translation>
    </message>
</context>
<context>
    <name>hetsched::AlertListView</name>
    <message>
        <source>&amp;Acknowledge</source>
        <translation>확인(&amp;A)</translation>
    </message>
    <message>
        <source>Acknowledge a&amp;ll</source>
        <translation>모두 확인(&amp;L)</translation>
    </message>
    <message>
        <source>Edit &amp;rules…</source>
        <translation>규칙 편집(&amp;R)…</translation>
    </message>
    <message>
        <source>Alerts</source>
        <translation>경보</translation>
    </message>
    <message>
        <source>Replace the gateway&apos;s alert rules (needs an operator token)</source>
        <translation>게이트웨이의 경보 규칙 교체 (운영자 토큰 필요)</translation>
    </message>
    <message>
        <source>built-in</source>
        <translation>내장</translation>
    </message>
    <message>
        <source>pushed by %1</source>
        <translation>%1이(가) 적용</translation>
    </message>
    <message>
        <source>file %1</source>
        <translation>파일 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n firing (%1 not acknowledged)</source>
        <translation>
            <numerusform>%n개 발생 중 (%1개 미확인)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pending</source>
        <translation>
            <numerusform>%n개 대기 중</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rules (%1)</source>
        <translation>
            <numerusform>규칙 %n개 (%1)</numerusform>
        </translation>
    </message>
    <message>
        <source>Mark the selected alerts as seen, on the gateway for every console: greyed, with your name, and no more notifications for them (needs an operator token)</source>
        <translation>선택한 경보를 게이트웨이에서 모든 콘솔에 대해 확인 처리: 확인한 사람의 이름과 함께 회색으로 보이고 더 이상 알림이 오지 않습니다(운영자 토큰 필요)</translation>
    </message>
    <message>
        <source>Acknowledge every firing and pending alert</source>
        <translation>발생 중이거나 대기 중인 모든 경보를 확인</translation>
    </message>
</context>
<context>
    <name>hetsched::AlertNotifier</name>
    <message>
        <source>HetSched alerts</source>
        <translation>HetSched 경보</translation>
    </message>
</context>
<context>
    <name>hetsched::AlertRulesDialog</name>
    <message>
        <source>Alert rules</source>
        <translation>경보 규칙</translation>
    </message>
    <message>
        <source>The gateway&apos;s rules as a rules file (JSON). Kinds: node_down, device_temperature, device_power, job_wait, gpus_idle_while_waiting, canary_worse. Applying replaces every rule; the gateway records who did it in its audit log.</source>
        <translation>게이트웨이의 규칙을 규칙 파일(JSON)로 편집합니다. 종류: node_down, device_temperature, device_power, job_wait, gpus_idle_while_waiting, canary_worse. 적용하면 모든 규칙이 교체되며, 게이트웨이는 누가 적용했는지 감사 로그에 기록합니다.</translation>
    </message>
    <message>
        <source>rules</source>
        <translation>규칙</translation>
    </message>
</context>
<context>
    <name>hetsched::BackendText</name>
    <message>
        <source>simulated</source>
        <translation>시뮬레이션</translation>
    </message>
    <message>
        <source>this host</source>
        <translation>이 호스트</translation>
    </message>
    <message>
        <source>node agents</source>
        <translation>노드 에이전트</translation>
    </message>
    <message>
        <source>Prometheus</source>
        <translation>Prometheus</translation>
    </message>
    <message>
        <source>Kubernetes</source>
        <translation>Kubernetes</translation>
    </message>
    <message>
        <source>Alibaba trace</source>
        <translation>Alibaba 트레이스</translation>
    </message>
    <message>
        <source>initial</source>
        <translation>초기</translation>
    </message>
    <message>
        <source>pushed</source>
        <translation>배포</translation>
    </message>
    <message>
        <source>promoted</source>
        <translation>승격</translation>
    </message>
    <message>
        <source>rolled back</source>
        <translation>롤백</translation>
    </message>
    <message>
        <source>job features</source>
        <translation>작업 특징 추출</translation>
    </message>
    <message>
        <source>training the embedder</source>
        <translation>임베더 학습</translation>
    </message>
    <message>
        <source>t-SNE layout</source>
        <translation>t-SNE 배치</translation>
    </message>
    <message>
        <source>done</source>
        <translation>완료</translation>
    </message>
    <message>
        <source>The live cluster&apos;s own rule: seed classes with 10-minute aging, the seed&apos;s 4.3 score, jobs behind a blocked head start when they fit.</source>
        <translation>라이브 클러스터 기본 규칙: 시드의 우선순위 등급과 10분 에이징, 시드 4.3의 점수, 막힌 선두 뒤의 작업도 자리가 맞으면 먼저 시작.</translation>
    </message>
    <message>
        <source>Per-team guarantees (Kueue ClusterQueues in one cohort) with borrowing limits, dominant resource fairness between teams, FCFS within a team, best fit.</source>
        <translation>팀별 보장량 (한 코호트 안의 Kueue ClusterQueue)과 차용 한도, 팀 간 지배적 자원 공정성(DRF), 팀 안에서는 선착순, 최적 적합 배치.</translation>
    </message>
    <message>
        <source>First come, first served; the seed&apos;s type routing picks the device kind.</source>
        <translation>선착순 처리; 시드의 유형 라우팅이 장치 종류를 고릅니다.</translation>
    </message>
    <message>
        <source>Shortest job first, non-preemptive (seed 2.3), best fit.</source>
        <translation>최단 작업 우선, 비선점형 (시드 2.3), 최적 적합 배치.</translation>
    </message>
    <message>
        <source>Shortest remaining time first: a shorter arrival preempts; work resumes.</source>
        <translation>최단 잔여 시간 우선: 더 짧은 작업이 도착하면 선점하고, 선점된 작업은 이어서 실행합니다.</translation>
    </message>
    <message>
        <source>Seed 2.2 classes (high: real-time, middle: periodic control, low: logging), one class of aging per 60 s waited, ShouldPreempt for interruptible work.</source>
        <translation>시드 2.2의 등급 (높음: 실시간, 중간: 주기 제어, 낮음: 로깅), 60초 대기마다 한 등급 에이징, 중단 가능한 작업은 ShouldPreempt로 선점.</translation>
    </message>
    <message>
        <source>Round robin over the nodes of the routed kind.</source>
        <translation>라우팅된 종류의 노드를 라운드 로빈으로 돕니다.</translation>
    </message>
    <message>
        <source>nginx smooth weighted round robin; node 0 has weight=3.</source>
        <translation>nginx 방식의 부드러운 가중 라운드 로빈; 노드 0의 가중치는 3.</translation>
    </message>
    <message>
        <source>The node running the fewest jobs.</source>
        <translation>실행 중인 작업이 가장 적은 노드.</translation>
    </message>
    <message>
        <source>The seed&apos;s IP hash on the job&apos;s key.</source>
        <translation>작업 키에 대한 시드의 IP 해시.</translation>
    </message>
    <message>
        <source>Consistent hashing with 160 virtual nodes per node.</source>
        <translation>노드당 가상 노드 160개로 일관 해싱.</translation>
    </message>
    <message>
        <source>The seed&apos;s 4.3 score: Weight*PriorityFactor + ResourceScore*free/total.</source>
        <translation>시드 4.3의 점수: Weight*PriorityFactor + ResourceScore*free/total.</translation>
    </message>
    <message>
        <source>First fit in node order.</source>
        <translation>노드 순서대로 처음 맞는 곳에 배치.</translation>
    </message>
    <message>
        <source>Best fit: the node with the least free capacity that fits.</source>
        <translation>최적 적합: 들어맞는 노드 중 남는 용량이 가장 적은 노드.</translation>
    </message>
    <message>
        <source>Worst fit: the node with the most free capacity.</source>
        <translation>최악 적합: 남는 용량이 가장 많은 노드.</translation>
    </message>
    <message>
        <source>FGD (ATC&apos;23): the node and GPU whose fragmentation of the target workload grows least.</source>
        <translation>FGD (ATC&apos;23): 목표 작업 부하의 단편화가 가장 적게 늘어나는 노드와 GPU.</translation>
    </message>
    <message>
        <source>Random-fit (ATC&apos;23): any node the job fits on, and any GPU for a share.</source>
        <translation>Random-fit (ATC&apos;23): 작업이 들어맞는 아무 노드, 공유 GPU는 아무 GPU.</translation>
    </message>
    <message>
        <source>DotProd (ATC&apos;23): the largest dot product of the request and the node&apos;s free resources.</source>
        <translation>DotProd (ATC&apos;23): 요청과 노드의 여유 자원 내적이 가장 큰 곳.</translation>
    </message>
    <message>
        <source>GPU Clustering (ATC&apos;23): nodes already running GPU jobs of the same kind.</source>
        <translation>GPU Clustering (ATC&apos;23): 같은 종류의 GPU 작업을 이미 실행 중인 노드.</translation>
    </message>
    <message>
        <source>GPU Packing (ATC&apos;23): partly used GPUs first, then used nodes, then idle ones.</source>
        <translation>GPU Packing (ATC&apos;23): 일부 사용 중인 GPU 먼저, 그다음 사용 중인 노드, 마지막으로 유휴 노드.</translation>
    </message>
    <message>
        <source>Best-fit (ATC&apos;23): the node left with the least free resources, weighted.</source>
        <translation>Best-fit (ATC&apos;23): 배치 후 여유 자원이 가장 적게 남는 노드 (가중).</translation>
    </message>
    <message>
        <source>Seed 2.4 opportunistic moves: on each sampling tick a node above 90% load moves an interruptible job to the best peer predicted to keep room for it.</source>
        <translation>시드 2.4의 기회적 이동: 샘플링할 때마다 부하 90%를 넘는 노드가 중단 가능한 작업을, 자리를 유지할 것으로 예측되는 가장 좋은 노드로 옮깁니다.</translation>
    </message>
</context>
<context>
    <name>hetsched::ClusterDashboard</name>
    <message>
        <source>&amp;Colour by:</source>
        <translation>색상 기준(&amp;C):</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>장치</translation>
    </message>
    <message>
        <source>GPU fragmentation</source>
        <translation>GPU 단편화</translation>
    </message>
    <message>
        <source>History</source>
        <translation>이력</translation>
    </message>
    <message>
        <source>Device details, history and GPU fragmentation</source>
        <translation>장치 상세 정보, 이력, GPU 단편화</translation>
    </message>
    <message>
        <source>Hatched row = node down  ·  Grey cell = no device in slot  ·  ×3 = GPU shared by 3 jobs, bar = share held</source>
        <translation>빗금 행 = 노드 다운  ·  회색 칸 = 슬롯에 장치 없음  ·  ×3 = 작업 3개가 공유하는 GPU, 막대 = 할당된 몫</translation>
    </message>
    <message>
        <source>Dashed frame = GPU split into MIG instances</source>
        <translation>점선 테두리 = MIG 인스턴스로 나뉜 GPU</translation>
    </message>
    <message>
        <source>Click a cell for details</source>
        <translation>칸을 클릭하면 상세 정보</translation>
    </message>
</context>
<context>
    <name>hetsched::ClusterMenu</name>
    <message>
        <source>&amp;Cluster</source>
        <translation>클러스터(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Submit job…</source>
        <translation>작업 제출(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Refresh jobs</source>
        <translation>작업 새로 고침(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;What-if from now…</source>
        <translation>지금부터 가정 분석(&amp;W)…</translation>
    </message>
    <message>
        <source>No cluster is open.</source>
        <translation>열린 클러스터가 없습니다.</translation>
    </message>
    <message>
        <source>Submit a job to the cluster&apos;s gateway</source>
        <translation>클러스터의 게이트웨이에 작업을 제출합니다</translation>
    </message>
    <message>
        <source>Snapshot the cluster now and compare the policy in force with the editor&apos;s policy on it</source>
        <translation>지금 클러스터의 스냅샷을 찍고, 그 위에서 적용 중인 정책과 편집기의 정책을 비교합니다</translation>
    </message>
    <message>
        <source>&amp;Find jobs and nodes…</source>
        <translation>작업과 노드 찾기(&amp;F)…</translation>
    </message>
    <message>
        <source>Fi&amp;lter the views…</source>
        <translation>보기 필터(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Clear filters</source>
        <translation>필터 지우기(&amp;C)</translation>
    </message>
    <message>
        <source>Find jobs by id, name, owner, team, kind, state or node, and nodes by name; highlighted in every view</source>
        <translation>작업을 ID, 이름, 소유자, 팀, 유형, 상태 또는 노드로, 노드를 이름으로 찾아 모든 보기에서 강조합니다</translation>
    </message>
    <message>
        <source>Narrow every view to some kinds, states, teams, priorities or node groups</source>
        <translation>모든 보기를 특정 유형, 상태, 팀, 우선순위 또는 노드 그룹으로 좁히기</translation>
    </message>
    <message>
        <source>Show every job and device again</source>
        <translation>모든 작업과 장치를 다시 표시</translation>
    </message>
</context>
<context>
    <name>hetsched::ClusterOverviewModel</name>
    <message>
        <source>replaying a snapshot</source>
        <translation>스냅샷 재생 중</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>연결 중</translation>
    </message>
    <message>
        <source>live</source>
        <translation>라이브</translation>
    </message>
    <message>
        <source>lost — stale</source>
        <translation>끊김 — 오래된 데이터</translation>
    </message>
    <message>
        <source>disconnected</source>
        <translation>연결 끊김</translation>
    </message>
    <message>
        <source>connection lost</source>
        <translation>연결 끊김</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s) down</source>
        <translation>
            <numerusform>노드 %n개 다운</numerusform>
        </translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>none</source>
        <translation>없음</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>클러스터</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>연결</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>장치</translation>
    </message>
    <message>
        <source>CPU use</source>
        <translation>CPU 사용률</translation>
    </message>
    <message>
        <source>GPU use</source>
        <translation>GPU 사용률</translation>
    </message>
    <message>
        <source>TPU use</source>
        <translation>TPU 사용률</translation>
    </message>
    <message>
        <source>Queued</source>
        <translation>대기 중</translation>
    </message>
    <message>
        <source>Alerts</source>
        <translation>경보</translation>
    </message>
    <message numerus="yes">
        <source>%n alert(s) firing</source>
        <translation>
            <numerusform>경보 %n개 발생 중</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hetsched::ClusterRegistry</name>
    <message>
        <source>No saved connections to open.</source>
        <translation>열 수 있는 저장된 연결이 없습니다.</translation>
    </message>
</context>
<context>
    <name>hetsched::ClusterWorkspace</name>
    <message>
        <source>Cluster</source>
        <translation>클러스터</translation>
    </message>
    <message>
        <source>Queue timeline</source>
        <translation>대기열 타임라인</translation>
    </message>
    <message>
        <source>Job map</source>
        <translation>작업 지도</translation>
    </message>
    <message>
        <source>Policies</source>
        <translation>정책</translation>
    </message>
    <message>
        <source>What-if</source>
        <translation>가정 분석</translation>
    </message>
    <message>
        <source>Pages of %1</source>
        <translation>%1의 페이지</translation>
    </message>
    <message>
        <source>Mapping jobs: %1</source>
        <translation>작업 지도 그리는 중: %1</translation>
    </message>
    <message>
        <source>Job map: %1 jobs, KL divergence %2</source>
        <translation>작업 지도: 작업 %1개, KL 발산 %2</translation>
    </message>
    <message>
        <source>%1 — REPLAY of %2 (%3)</source>
        <translation>%1 — %2 재생 중 (%3)</translation>
    </message>
    <message numerus="yes">
        <source>%1 — %2 (%3, %n devices)</source>
        <translation>
            <numerusform>%1 — %2 (%3, 장치 %n개)</numerusform>
        </translation>
    </message>
    <message>
        <source>Replaying a snapshot: nothing here acts on a gateway. Back to live first.</source>
        <translation>스냅샷 재생 중: 여기서는 게이트웨이에 아무 작업도 할 수 없습니다. 먼저 라이브로 돌아가십시오.</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>소스: %1</translation>
    </message>
    <message>
        <source>Source: %1 (not live)</source>
        <translation>소스: %1 (실시간 아님)</translation>
    </message>
    <message>
        <source>Use is allocation: pod requests over node allocatable, not measured load</source>
        <translation>사용률은 할당 기준입니다: 측정된 부하가 아니라 노드 할당 가능량 대비 파드 요청량</translation>
    </message>
    <message>
        <source>Frame %1 · simulated time %2 · %3 frames merged</source>
        <translation>프레임 %1 · 시뮬레이션 시각 %2 · 병합된 프레임 %3개</translation>
    </message>
    <message>
        <source>Frame %1 · read at %2 · %3 frames merged</source>
        <translation>프레임 %1 · %2에 읽음 · 병합된 프레임 %3개</translation>
    </message>
    <message>
        <source>Job %1 submitted</source>
        <translation>작업 %1 제출됨</translation>
    </message>
    <message>
        <source>Replay frame %1 of %2 · simulated time %3</source>
        <translation>재생 프레임 %1/%2 · 시뮬레이션 시각 %3</translation>
    </message>
    <message>
        <source>Job %1 is not in the job list (it may have ended long ago)</source>
        <translation>작업 %1이(가) 작업 목록에 없습니다 (오래전에 끝났을 수 있습니다)</translation>
    </message>
    <message>
        <source>Alerts</source>
        <translation>경보</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n alerts firing</source>
        <translation>
            <numerusform>%1: 경보 %n개 발생</numerusform>
        </translation>
    </message>
    <message>
        <source>Alerts (%1)</source>
        <translation>경보 (%1)</translation>
    </message>
    <message>
        <source>Alert rules replaced</source>
        <translation>경보 규칙을 교체했습니다</translation>
    </message>
    <message>
        <source>Could not acknowledge: %1</source>
        <translation>확인하지 못했습니다: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n alerts acknowledged</source>
        <translation>
            <numerusform>경보 %n개 확인됨</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n no longer on the gateway</source>
        <translation>
            <numerusform>%n개는 더 이상 게이트웨이에 없음</numerusform>
        </translation>
    </message>
    <message>
        <source>Snapshot</source>
        <translation>스냅샷</translation>
    </message>
    <message>
        <source>Cannot open %1.</source>
        <translation>%1을(를) 열 수 없습니다.</translation>
    </message>
    <message>
        <source>Cannot read the replay from %1.</source>
        <translation>%1에서 재생 데이터를 읽을 수 없습니다.</translation>
    </message>
    <message>
        <source>%1 — %2 devices, %3 frames (#%4)</source>
        <translation>%1 — 장치 %2개, 프레임 %3개 (#%4)</translation>
    </message>
    <message>
        <source>Open snapshot</source>
        <translation>스냅샷 열기</translation>
    </message>
    <message>
        <source>%1 holds several snapshots. Replay which one?</source>
        <translation>%1에 스냅샷이 여러 개 있습니다. 어느 것을 재생할까요?</translation>
    </message>
</context>
<context>
    <name>hetsched::ConnectDialog</name>
    <message>
        <source>Use TLS</source>
        <translation>TLS 사용</translation>
    </message>
    <message>
        <source>Connect to a cluster</source>
        <translation>클러스터에 연결</translation>
    </message>
    <message>
        <source>host:port</source>
        <translation>호스트:포트</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>찾아보기…</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>이름</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>주소</translation>
    </message>
    <message>
        <source>CA certificate</source>
        <translation>CA 인증서</translation>
    </message>
    <message>
        <source>Bearer token</source>
        <translation>Bearer 토큰</translation>
    </message>
    <message>
        <source>New</source>
        <translation>새로 만들기</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>저장</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>삭제</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>연결</translation>
    </message>
    <message>
        <source>in this process</source>
        <translation>이 프로세스 내부</translation>
    </message>
    <message>
        <source>Give the connection a name.</source>
        <translation>연결 이름을 입력하십시오.</translation>
    </message>
    <message>
        <source>The address must be host:port (port 1–65535).</source>
        <translation>주소는 호스트:포트 형식이어야 합니다 (포트 1–65535).</translation>
    </message>
    <message>
        <source>The CA certificate file cannot be read.</source>
        <translation>CA 인증서 파일을 읽을 수 없습니다.</translation>
    </message>
    <message>
        <source>A CA certificate needs TLS turned on.</source>
        <translation>CA 인증서를 사용하려면 TLS를 켜야 합니다.</translation>
    </message>
    <message>
        <source>PEM certificates (*.pem *.crt);;All files (*)</source>
        <translation>PEM 인증서 (*.pem *.crt);;모든 파일 (*)</translation>
    </message>
    <message>
        <source>Forget</source>
        <translation>잊기</translation>
    </message>
    <message>
        <source>none: trust the certificate on first use</source>
        <translation>없음: 첫 사용 시 인증서를 신뢰</translation>
    </message>
    <message>
        <source>unchanged (kept in the keychain, never in the settings)</source>
        <translation>변경 없음 (설정 파일이 아닌 키체인에 보관)</translation>
    </message>
    <message>
        <source>none (a file only you can read, when no keychain runs)</source>
        <translation>없음 (키체인이 없을 때, 본인만 읽을 수 있는 파일)</translation>
    </message>
    <message>
        <source>Forget the certificate trusted on first use; the next connection asks again</source>
        <translation>첫 사용 시 신뢰한 인증서를 잊습니다. 다음 연결 때 다시 묻습니다</translation>
    </message>
    <message>
        <source>Trusted certificate</source>
        <translation>신뢰한 인증서</translation>
    </message>
    <message>
        <source>Token file</source>
        <translation>토큰 파일</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>아직 없음</translation>
    </message>
    <message>
        <source>The token for %1 is not saved: %2. It is kept until the console closes; to keep it, put it in a file only you can read and choose that file as the token file.</source>
        <translation>%1의 토큰이 저장되지 않았습니다: %2. 콘솔을 닫을 때까지만 유지됩니다. 계속 쓰려면 본인만 읽을 수 있는 파일에 넣고 그 파일을 토큰 파일로 선택하세요.</translation>
    </message>
</context>
<context>
    <name>hetsched::ConnectionIndicator</name>
    <message>
        <source>Connecting to %1…</source>
        <translation>%1에 연결하는 중…</translation>
    </message>
    <message>
        <source>Cannot reach %1 — retrying in %2 s (%3)</source>
        <translation>%1에 연결할 수 없음 — %2초 후 재시도 (%3)</translation>
    </message>
    <message>
        <source>Live · %1</source>
        <translation>실시간 · %1</translation>
    </message>
    <message>
        <source>Connection to %1 lost — data is stale; retrying in %2 s (%3)</source>
        <translation>%1 연결 끊김 — 오래된 데이터; %2초 후 재시도 (%3)</translation>
    </message>
    <message>
        <source>Disconnected</source>
        <translation>연결 해제됨</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>연결</translation>
    </message>
</context>
<context>
    <name>hetsched::ConnectionOpener</name>
    <message>
        <source>Cannot read the CA certificate %1</source>
        <translation>CA 인증서 %1을(를) 읽을 수 없습니다</translation>
    </message>
    <message>
        <source>Cannot read the token file %1</source>
        <translation>토큰 파일 %1을(를) 읽을 수 없습니다</translation>
    </message>
    <message>
        <source>Cannot fetch the certificate of %1: %2</source>
        <translation>%1의 인증서를 가져올 수 없습니다: %2</translation>
    </message>
    <message>
        <source>%1 sends a certificate from a CA it does not include, so it cannot be trusted on first use; choose that CA&apos;s certificate file instead</source>
        <translation>%1은(는) 함께 보내지 않은 CA가 발급한 인증서를 보내므로 첫 사용 시 신뢰할 수 없습니다. 대신 그 CA의 인증서 파일을 선택하세요</translation>
    </message>
</context>
<context>
    <name>hetsched::DeviceDetailPanel</name>
    <message>
        <source>Select a device in the heatmap to see its details.</source>
        <translation>히트맵에서 장치를 선택하면 상세 정보가 표시됩니다.</translation>
    </message>
    <message>
        <source>Device details</source>
        <translation>장치 상세</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>노드</translation>
    </message>
    <message>
        <source>Node state</source>
        <translation>노드 상태</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>유형</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>모델</translation>
    </message>
    <message>
        <source>Peak</source>
        <translation>최대 연산</translation>
    </message>
    <message>
        <source>TDP</source>
        <translation>TDP</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>메모리</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>대역폭</translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation>사용률</translation>
    </message>
    <message>
        <source>Memory used</source>
        <translation>사용 메모리</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>전력</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>온도</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>작업</translation>
    </message>
    <message>
        <source>%1, slot %2</source>
        <translation>%1, 슬롯 %2</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>알 수 없음</translation>
    </message>
    <message>
        <source>%1 TFLOPS</source>
        <translation>%1 TFLOPS</translation>
    </message>
    <message>
        <source>%1 W</source>
        <translation>%1 W</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Allocated</source>
        <translation>할당</translation>
    </message>
    <message>
        <source>Held by</source>
        <translation>사용 작업</translation>
    </message>
    <message>
        <source>Next predicted</source>
        <translation>다음 예측 작업</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%2에 %1</translation>
    </message>
    <message>
        <source>Partition</source>
        <translation>파티션</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>팀</translation>
    </message>
</context>
<context>
    <name>hetsched::DeviceHistoryPanel</name>
    <message>
        <source>&amp;Add to history</source>
        <translation>이력에 추가(&amp;A)</translation>
    </message>
    <message>
        <source>Whole &amp;node</source>
        <translation>노드 전체(&amp;N)</translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation>지우기(&amp;L)</translation>
    </message>
    <message>
        <source>Select a device on the heatmap to see its utilization, memory, power and temperature over the recorded history. Add to history keeps it while you select others; Whole node shows every device of its node.</source>
        <translation>히트맵에서 장치를 선택하면 기록된 이력 동안의 사용률, 메모리, 전력, 온도를 보여 줍니다. 이력에 추가는 다른 장치를 고르는 동안에도 그 장치를 남겨 두고, 노드 전체는 그 노드의 모든 장치를 보여 줍니다.</translation>
    </message>
    <message>
        <source>Keep the selected device in the history while you select others</source>
        <translation>다른 장치를 고르는 동안에도 선택한 장치를 이력에 남겨 둡니다</translation>
    </message>
    <message>
        <source>Show every device of the selected device&apos;s node</source>
        <translation>선택한 장치가 속한 노드의 모든 장치를 보여 줍니다</translation>
    </message>
    <message>
        <source>Show only the selected device</source>
        <translation>선택한 장치만 보여 줍니다</translation>
    </message>
    <message>
        <source>device %1</source>
        <translation>장치 %1</translation>
    </message>
    <message>
        <source>%1 · %2 %3</source>
        <translation>%1 · %2 %3</translation>
    </message>
    <message>
        <source>No frames recorded yet</source>
        <translation>아직 기록된 프레임이 없습니다</translation>
    </message>
    <message>
        <source>%1 frames from %2 to %3, at most %4 points</source>
        <translation>%2부터 %3까지 프레임 %1개, 최대 %4개 점</translation>
    </message>
    <message>
        <source>History unavailable: %1</source>
        <translation>이력을 가져올 수 없음: %1</translation>
    </message>
</context>
<context>
    <name>hetsched::DeviceHistoryView</name>
    <message>
        <source>Device history</source>
        <translation>장치 이력</translation>
    </message>
    <message>
        <source>%1
on %2
%3 – %4 (%5)</source>
        <translation>%1
%2에서
%3 – %4 (%5)</translation>
    </message>
    <message>
        <source>%1: no job</source>
        <translation>%1: 작업 없음</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%2 시점의 %1</translation>
    </message>
    <message>
        <source>%1: no reading</source>
        <translation>%1: 측정값 없음</translation>
    </message>
    <message>
        <source>%1: %2 – %3</source>
        <translation>%1: %2 – %3</translation>
    </message>
</context>
<context>
    <name>hetsched::DeviceTeams</name>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
</context>
<context>
    <name>hetsched::EmbeddingMapView</name>
    <message>
        <source>No job map yet: the embedding engine has not produced points.</source>
        <translation>아직 작업 지도가 없습니다: 임베딩 엔진이 점을 만들지 않았습니다.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>Job kind</source>
        <translation>작업 유형</translation>
    </message>
    <message>
        <source>Device kind</source>
        <translation>장치 유형</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>군집</translation>
    </message>
    <message>
        <source>Rectangle</source>
        <translation>사각형</translation>
    </message>
    <message>
        <source>Lasso</source>
        <translation>올가미</translation>
    </message>
    <message>
        <source>Free-hand selection; hold Shift to lasso in rectangle mode</source>
        <translation>자유형 선택; 사각형 모드에서는 Shift를 누른 채 올가미 선택</translation>
    </message>
    <message>
        <source>Lay out again</source>
        <translation>다시 배치</translation>
    </message>
    <message>
        <source>Place every job afresh; a refresh otherwise keeps the jobs shown where they are</source>
        <translation>모든 작업을 새로 배치합니다; 그렇지 않으면 새로 고칠 때 이미 보인 작업은 제자리에 둡니다</translation>
    </message>
    <message>
        <source>&amp;Colour by:</source>
        <translation>색상 기준(&amp;C):</translation>
    </message>
    <message>
        <source>Select:</source>
        <translation>선택:</translation>
    </message>
    <message>
        <source>Similar jobs lie close together</source>
        <translation>비슷한 작업일수록 가까이 놓입니다</translation>
    </message>
    <message>
        <source>No cluster</source>
        <translation>군집 없음</translation>
    </message>
    <message>
        <source>Other clusters</source>
        <translation>기타 군집</translation>
    </message>
    <message>
        <source>Cluster %1</source>
        <translation>군집 %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>대기 중</translation>
    </message>
    <message>
        <source>running</source>
        <translation>실행 중</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>완료</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>거부됨</translation>
    </message>
    <message>
        <source>Job #%1 (no longer listed)</source>
        <translation>작업 #%1 (더 이상 목록에 없음)</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 jobs selected</source>
        <translation>작업 %1개 선택</translation>
    </message>
    <message>
        <source> · %1 · mean wait %2</source>
        <translation> · %1 · 평균 대기 %2</translation>
    </message>
    <message>
        <source> · mean runtime %1 (%2 started)</source>
        <translation> · 평균 실행 시간 %1 (%2개 시작)</translation>
    </message>
    <message>
        <source> · %1 no longer listed</source>
        <translation> · %1개는 더 이상 목록에 없음</translation>
    </message>
    <message>
        <source> · also selected in the timeline and heatmap</source>
        <translation> · 타임라인과 히트맵에서도 선택됨</translation>
    </message>
    <message>
        <source>#%1 %2
%3 · %4 · %5
waited %6
owner: %7
click for its story</source>
        <translation>#%1 %2
%3 · %4 · %5
대기 %6
소유자: %7
클릭하면 이력 보기</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>팀</translation>
    </message>
    <message>
        <source>Team not known</source>
        <translation>팀 알 수 없음</translation>
    </message>
</context>
<context>
    <name>hetsched::FileMenu</name>
    <message>
        <source>&amp;File</source>
        <translation>파일(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation>연결(&amp;C)…</translation>
    </message>
    <message>
        <source>Connect in a new &amp;window…</source>
        <translation>새 창에서 연결(&amp;W)…</translation>
    </message>
    <message>
        <source>&amp;Move cluster to a new window</source>
        <translation>클러스터를 새 창으로 옮기기(&amp;M)</translation>
    </message>
    <message>
        <source>C&amp;lose cluster</source>
        <translation>클러스터 닫기(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>종료(&amp;Q)</translation>
    </message>
    <message>
        <source>This console has no saved connections.</source>
        <translation>이 콘솔에는 저장된 연결이 없습니다.</translation>
    </message>
    <message>
        <source>Open a saved cluster, or the embedded one, in a new tab</source>
        <translation>저장된 클러스터나 내장 클러스터를 새 탭에서 엽니다</translation>
    </message>
    <message>
        <source>Open a saved cluster in a window of its own</source>
        <translation>저장된 클러스터를 별도 창에서 엽니다</translation>
    </message>
    <message>
        <source>Show a cluster&apos;s tab first.</source>
        <translation>먼저 클러스터 탭을 표시하십시오.</translation>
    </message>
</context>
<context>
    <name>hetsched::FilterBar</name>
    <message>
        <source>Waiting</source>
        <translation>대기 중</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>실행 중</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>완료</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>거부됨</translation>
    </message>
    <message>
        <source>(no team)</source>
        <translation>(팀 없음)</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>필터</translation>
    </message>
    <message>
        <source>Narrow every view to some kinds, states, teams, priorities or node groups</source>
        <translation>모든 보기를 특정 유형, 상태, 팀, 우선순위 또는 노드 그룹으로 좁히기</translation>
    </message>
    <message>
        <source>Filters</source>
        <translation>필터</translation>
    </message>
    <message>
        <source>Clear filters</source>
        <translation>필터 지우기</translation>
    </message>
    <message>
        <source>Show every job and device again</source>
        <translation>모든 작업과 장치를 다시 표시</translation>
    </message>
    <message>
        <source>No filter: every job and device shown</source>
        <translation>필터 없음: 모든 작업과 장치 표시</translation>
    </message>
    <message>
        <source>%1 jobs, %2 devices shown</source>
        <translation>작업 %1개, 장치 %2개 표시</translation>
    </message>
    <message>
        <source>none listed yet</source>
        <translation>아직 목록 없음</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>유형</translation>
    </message>
    <message>
        <source>State</source>
        <translation>상태</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>팀</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>우선순위</translation>
    </message>
    <message>
        <source>Node group</source>
        <translation>노드 그룹</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Remove this filter</source>
        <translation>이 필터 제거</translation>
    </message>
    <message>
        <source>Remove filter %1</source>
        <translation>필터 %1 제거</translation>
    </message>
</context>
<context>
    <name>hetsched::FindBar</name>
    <message>
        <source>&amp;Find:</source>
        <translation>찾기(&amp;F):</translation>
    </message>
    <message>
        <source>Find jobs and nodes</source>
        <translation>작업과 노드 찾기</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>닫기</translation>
    </message>
    <message>
        <source>Close the search and clear its highlights (Escape)</source>
        <translation>검색을 닫고 강조 표시를 지웁니다 (Esc)</translation>
    </message>
    <message>
        <source>Enter: next result · Shift+Enter: previous · Esc: close</source>
        <translation>Enter: 다음 결과 · Shift+Enter: 이전 · Esc: 닫기</translation>
    </message>
    <message>
        <source>Nothing found</source>
        <translation>찾은 것이 없습니다</translation>
    </message>
    <message>
        <source>%1 jobs, %2 nodes</source>
        <translation>작업 %1개, 노드 %2개</translation>
    </message>
    <message>
        <source>%1 · result %2</source>
        <translation>%1 · %2번째 결과</translation>
    </message>
    <message>
        <source>job id, name, owner, team, kind, state, priority, node or node/slot</source>
        <translation>작업 ID, 이름, 소유자, 팀, 유형, 상태, 우선순위, 노드 또는 노드/슬롯</translation>
    </message>
</context>
<context>
    <name>hetsched::FragmentationPanel</name>
    <message>
        <source>GPU fragmentation</source>
        <translation>GPU 단편화</translation>
    </message>
    <message>
        <source>Fragmented: free GPU share that the cluster&apos;s own job shapes could not use (Weng et al., ATC&apos;23). In GPUs; double-click a node to show it.</source>
        <translation>단편화: 클러스터의 작업 형태로는 쓸 수 없는 여유 GPU 몫 (Weng 외, ATC&apos;23). 단위는 GPU; 노드를 더블클릭하면 히트맵에서 보여 줍니다.</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>노드</translation>
    </message>
    <message>
        <source>Fragmented</source>
        <translation>단편화</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>여유</translation>
    </message>
    <message>
        <source>Partly used</source>
        <translation>일부 사용</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 수</translation>
    </message>
    <message>
        <source>Free share the cluster&apos;s job shapes could not use (ATC&apos;23), in GPUs</source>
        <translation>클러스터의 작업 형태로는 쓸 수 없는 여유 몫 (ATC&apos;23), 단위 GPU</translation>
    </message>
    <message>
        <source>Free GPU share, in GPUs</source>
        <translation>여유 GPU 몫, 단위 GPU</translation>
    </message>
    <message>
        <source>Free share on GPUs that jobs partly hold, in GPUs</source>
        <translation>작업이 일부 사용 중인 GPU의 여유 몫, 단위 GPU</translation>
    </message>
    <message>
        <source>GPUs on the node</source>
        <translation>노드의 GPU 수</translation>
    </message>
    <message>
        <source>GPU fragmentation per node</source>
        <translation>노드별 GPU 단편화</translation>
    </message>
    <message>
        <source>No GPU nodes, or no job list yet.</source>
        <translation>GPU 노드가 없거나 아직 작업 목록이 없습니다.</translation>
    </message>
    <message>
        <source>%1 GPUs free on %2 nodes; %3 of them on partly used GPUs; %4 fragmented for the current job shapes (%5 % of free).</source>
        <translation>노드 %2개에 여유 GPU %1개; 그중 %3개는 일부 사용 중인 GPU에 있음; 현재 작업 형태 기준 %4개 단편화 (여유의 %5 %).</translation>
    </message>
</context>
<context>
    <name>hetsched::HeatmapView</name>
    <message>
        <source>Device slot</source>
        <translation>장치 슬롯</translation>
    </message>
    <message>
        <source>STALE — connection lost, showing the last frame</source>
        <translation>오래된 데이터 — 연결 끊김, 마지막 프레임 표시 중</translation>
    </message>
    <message>
        <source>1 node</source>
        <translation>노드 1개</translation>
    </message>
    <message>
        <source>%1 nodes</source>
        <translation>노드 %1개</translation>
    </message>
    <message>
        <source>Hottest in a band of %1 (%2 – %3) by %4</source>
        <translation>%1 구간(%2 – %3) 중 %4 최고</translation>
    </message>
    <message>
        <source>Device heatmap</source>
        <translation>장치 히트맵</translation>
    </message>
    <message>
        <source>One row per node, one column per device slot; arrow keys move the selection</source>
        <translation>노드마다 한 행, 장치 슬롯마다 한 열; 화살표 키로 선택을 옮깁니다</translation>
    </message>
    <message>
        <source>MIG</source>
        <translation>MIG</translation>
    </message>
    <message>
        <source>Team: %1</source>
        <translation>팀: %1</translation>
    </message>
    <message>
        <source>A band of %1 (%2 – %3): coloured by the team of one of its held devices</source>
        <translation>%1 묶음 (%2 – %3): 할당된 장치 중 하나의 팀 색</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>유휴</translation>
    </message>
</context>
<context>
    <name>hetsched::HelpMenu</name>
    <message>
        <source>&amp;Help</source>
        <translation>도움말(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;User guide</source>
        <translation>사용자 안내서(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>단축키(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About HetSched</source>
        <translation>HetSched 정보(&amp;A)</translation>
    </message>
    <message>
        <source>About HetSched</source>
        <translation>HetSched 정보</translation>
    </message>
    <message>
        <source>&lt;b&gt;HetSched console&lt;/b&gt; %1&lt;br&gt;Operations console for clusters that mix CPUs, GPUs and TPUs.&lt;br&gt;Workload shapes: Alibaba cluster-trace-gpu-v2023.</source>
        <translation>&lt;b&gt;HetSched 콘솔&lt;/b&gt; %1&lt;br&gt;CPU, GPU, TPU가 섞인 클러스터를 위한 운영 콘솔.&lt;br&gt;작업 부하 형태: Alibaba cluster-trace-gpu-v2023.</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Qt 정보(&amp;Q)</translation>
    </message>
</context>
<context>
    <name>hetsched::HelpWindow</name>
    <message>
        <source>User guide</source>
        <translation>사용자 안내서</translation>
    </message>
    <message>
        <source>Policy lifecycle</source>
        <translation>정책 수명 주기</translation>
    </message>
    <message>
        <source>Where a gateway reads a cluster from</source>
        <translation>게이트웨이가 클러스터를 읽어 오는 곳</translation>
    </message>
    <message>
        <source>HetSched help</source>
        <translation>HetSched 도움말</translation>
    </message>
    <message>
        <source>Help documents</source>
        <translation>도움말 문서</translation>
    </message>
    <message>
        <source>Help text</source>
        <translation>도움말 본문</translation>
    </message>
    <message>
        <source>Alerts</source>
        <translation>경보</translation>
    </message>
</context>
<context>
    <name>hetsched::JobMapWorker</name>
    <message>
        <source>Cancelled</source>
        <translation>취소됨</translation>
    </message>
</context>
<context>
    <name>hetsched::JobStoryDialog</name>
    <message>
        <source>waiting</source>
        <translation>대기 중</translation>
    </message>
    <message>
        <source>running</source>
        <translation>실행 중</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>완료</translation>
    </message>
    <message>
        <source>refused: fits no node</source>
        <translation>거부됨: 맞는 노드 없음</translation>
    </message>
    <message>
        <source>latency-sensitive</source>
        <translation>지연 민감</translation>
    </message>
    <message>
        <source>best effort</source>
        <translation>최선 노력</translation>
    </message>
    <message>
        <source>burstable</source>
        <translation>버스트 가능</translation>
    </message>
    <message>
        <source>guaranteed</source>
        <translation>보장</translation>
    </message>
    <message>
        <source>Job story</source>
        <translation>작업 이력</translation>
    </message>
    <message>
        <source>State</source>
        <translation>상태</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>유형</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>우선순위</translation>
    </message>
    <message>
        <source>Owner / team</source>
        <translation>소유자 / 팀</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>요청</translation>
    </message>
    <message>
        <source>Submitted</source>
        <translation>제출</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>시작</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>종료</translation>
    </message>
    <message>
        <source>Waited</source>
        <translation>대기 시간</translation>
    </message>
    <message>
        <source>Ran</source>
        <translation>실행 시간</translation>
    </message>
    <message>
        <source>Estimate</source>
        <translation>예상 실행 시간</translation>
    </message>
    <message>
        <source>Predicted start</source>
        <translation>예상 시작</translation>
    </message>
    <message>
        <source>Why it waits</source>
        <translation>대기 이유</translation>
    </message>
    <message>
        <source>Nodes and devices</source>
        <translation>노드와 장치</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>시각</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>사건</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>위치</translation>
    </message>
    <message>
        <source>The job&apos;s events</source>
        <translation>작업의 사건</translation>
    </message>
    <message>
        <source>device</source>
        <translation>장치</translation>
    </message>
    <message>
        <source>%1 (slot %2)</source>
        <translation>%1 (슬롯 %2)</translation>
    </message>
    <message>
        <source>%1 (slots %2)</source>
        <translation>%1 (슬롯 %2)</translation>
    </message>
    <message>
        <source>%1 CPU cores</source>
        <translation>CPU 코어 %1개</translation>
    </message>
    <message>
        <source>%1 GiB memory</source>
        <translation>메모리 %1 GiB</translation>
    </message>
    <message>
        <source>1 GPU</source>
        <translation>GPU 1개</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>GPU %1개</translation>
    </message>
    <message>
        <source>%1 % of one GPU</source>
        <translation>GPU 1개의 %1 %</translation>
    </message>
    <message>
        <source>1 TPU</source>
        <translation>TPU 1개</translation>
    </message>
    <message>
        <source>%1 TPUs</source>
        <translation>TPU %1개</translation>
    </message>
    <message>
        <source>submitted, waiting</source>
        <translation>제출됨, 대기</translation>
    </message>
    <message>
        <source>started</source>
        <translation>시작됨</translation>
    </message>
    <message>
        <source>preempted, back in the queue</source>
        <translation>선점됨, 다시 대기열로</translation>
    </message>
    <message>
        <source>migrated to other devices</source>
        <translation>다른 장치로 이전됨</translation>
    </message>
    <message>
        <source>Job #%1 %2</source>
        <translation>작업 #%1 %2</translation>
    </message>
    <message>
        <source>Job #%1 — story</source>
        <translation>작업 #%1 — 이력</translation>
    </message>
    <message>
        <source>%1 · QoS %2%3</source>
        <translation>%1 · QoS %2%3</translation>
    </message>
    <message>
        <source> · may be preempted</source>
        <translation> · 선점 가능</translation>
    </message>
    <message>
        <source>not reported by this cluster&apos;s source</source>
        <translation>이 클러스터의 소스가 알려 주지 않음</translation>
    </message>
    <message>
        <source>not yet</source>
        <translation>아직 아님</translation>
    </message>
    <message>
        <source>none given</source>
        <translation>주어지지 않음</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>no prediction yet</source>
        <translation>아직 예측 없음</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>아직 없음</translation>
    </message>
    <message>
        <source>its node went down, back in the queue</source>
        <translation>노드가 다운되어 다시 대기열로</translation>
    </message>
</context>
<context>
    <name>hetsched::JobStoryStrip</name>
    <message>
        <source>The job&apos;s life from submit to now</source>
        <translation>제출부터 지금까지의 작업 이력</translation>
    </message>
</context>
<context>
    <name>hetsched::JobStyle</name>
    <message>
        <source>Training</source>
        <translation>학습</translation>
    </message>
    <message>
        <source>Inference</source>
        <translation>추론</translation>
    </message>
    <message>
        <source>Service</source>
        <translation>서비스</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>배치</translation>
    </message>
    <message>
        <source>Real-time</source>
        <translation>실시간</translation>
    </message>
    <message>
        <source>High</source>
        <translation>높음</translation>
    </message>
    <message>
        <source>Middle</source>
        <translation>중간</translation>
    </message>
    <message>
        <source>Low</source>
        <translation>낮음</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1시간 %2분</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1분 %2초</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1초</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>team %1</source>
        <translation>팀 %1</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>알려지지 않음</translation>
    </message>
</context>
<context>
    <name>hetsched::KindSummaryStrip</name>
    <message>
        <source>devices</source>
        <translation>장치</translation>
    </message>
    <message>
        <source>mean util.</source>
        <translation>평균 사용률</translation>
    </message>
    <message>
        <source>running</source>
        <translation>실행 중</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>대기 중</translation>
    </message>
    <message>
        <source>power</source>
        <translation>전력</translation>
    </message>
    <message>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 kW</source>
        <translation>%1 kW</translation>
    </message>
    <message>
        <source>%1 MW</source>
        <translation>%1 MW</translation>
    </message>
    <message>
        <source>%1 down</source>
        <translation>%1개 다운</translation>
    </message>
    <message>
        <source>Nodes of this kind that stopped reporting</source>
        <translation>보고가 중단된 이 유형의 노드</translation>
    </message>
    <message>
        <source>%1 summary</source>
        <translation>%1 요약</translation>
    </message>
</context>
<context>
    <name>hetsched::LivePolicyPanel</name>
    <message>
        <source>v%1 “%2” (%3 by %4 at %5)</source>
        <translation>v%1 “%2” (%3, 작성자 %4, %5)</translation>
    </message>
    <message>
        <source>Promote candidate</source>
        <translation>후보 승격</translation>
    </message>
    <message>
        <source>Roll back</source>
        <translation>롤백</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>새로 고침</translation>
    </message>
    <message>
        <source>Policy on the gateway</source>
        <translation>게이트웨이의 정책</translation>
    </message>
    <message>
        <source>Arm</source>
        <translation>그룹</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>버전</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>정책</translation>
    </message>
    <message>
        <source>Arrivals</source>
        <translation>도착</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>실행 중</translation>
    </message>
    <message>
        <source>Queued</source>
        <translation>대기 중</translation>
    </message>
    <message>
        <source>Completed</source>
        <translation>완료</translation>
    </message>
    <message>
        <source>Mean wait, last window</source>
        <translation>평균 대기 (최근 구간)</translation>
    </message>
    <message>
        <source>Roll back to</source>
        <translation>롤백 대상</translation>
    </message>
    <message>
        <source>Not connected to a gateway.</source>
        <translation>게이트웨이에 연결되어 있지 않습니다.</translation>
    </message>
    <message>
        <source>In force: %1</source>
        <translation>적용 중: %1</translation>
    </message>
    <message>
        <source>Canary: %1 on %2 % of new arrivals</source>
        <translation>카나리: %1, 새로 도착한 작업의 %2 %에 적용</translation>
    </message>
    <message>
        <source>No canary running.</source>
        <translation>실행 중인 카나리가 없습니다.</translation>
    </message>
    <message>
        <source>v%1 “%2” (%3)</source>
        <translation>v%1 “%2” (%3)</translation>
    </message>
    <message>
        <source>no starts in the last %1 s</source>
        <translation>최근 %1초 동안 시작 없음</translation>
    </message>
    <message>
        <source>%1 s over %2 starts (%3 s)</source>
        <translation>%1초 (시작 %2건, 최근 %3초)</translation>
    </message>
    <message>
        <source>active</source>
        <translation>활성</translation>
    </message>
    <message>
        <source>canary</source>
        <translation>카나리</translation>
    </message>
    <message>
        <source>Both arms, live</source>
        <translation>양쪽 실시간 집계</translation>
    </message>
    <message>
        <source>Preempted</source>
        <translation>선점됨</translation>
    </message>
    <message>
        <source>Migrated</source>
        <translation>이전됨</translation>
    </message>
</context>
<context>
    <name>hetsched::LiveTuning</name>
    <message>
        <source>The live what-if failed: %1</source>
        <translation>실시간 가정 분석 실패: %1</translation>
    </message>
    <message>
        <source>Fix the problems listed first: the live what-if runs only a policy the engine accepts.</source>
        <translation>먼저 나열된 문제를 고치십시오: 실시간 가정 분석은 엔진이 받아들이는 정책만 실행합니다.</translation>
    </message>
    <message>
        <source>No live cluster to cut yet: the live what-if starts with the first job list, or choose a workload in the What-if tab.</source>
        <translation>아직 자를 실시간 클러스터가 없습니다: 첫 작업 목록이 오면 실시간 가정 분석이 시작됩니다. 또는 가정 분석 탭에서 작업 부하를 고르십시오.</translation>
    </message>
    <message>
        <source>Running %1 against %2 in force…</source>
        <translation>%1을(를) 적용 중인 %2와 비교 실행 중…</translation>
    </message>
</context>
<context>
    <name>hetsched::LiveWhatifStrip</name>
    <message>
        <source>Live what-if</source>
        <translation>실시간 가정 분석</translation>
    </message>
    <message>
        <source>New cut</source>
        <translation>새로 자르기</translation>
    </message>
    <message>
        <source>Re-run the what-if of the edited policy against the policy in force on every change</source>
        <translation>바뀔 때마다 편집 중인 정책과 적용 중인 정책의 가정 분석을 다시 실행</translation>
    </message>
    <message>
        <source>Take the workload again (the cluster&apos;s cut now, or the What-if tab&apos;s choice)</source>
        <translation>작업 부하를 다시 가져오기 (지금의 클러스터 절단, 또는 가정 분석 탭에서 고른 것)</translation>
    </message>
    <message>
        <source>Move a slider or edit the policy: the what-if against the policy in force follows.</source>
        <translation>슬라이더를 움직이거나 정책을 고치면 적용 중인 정책과의 가정 분석이 따라옵니다.</translation>
    </message>
    <message>
        <source>%1 vs %2 in force, on %3 · %4 ms</source>
        <translation>%1 대 적용 중인 %2, %3 · %4 ms</translation>
    </message>
    <message>
        <source>(second lines: the cluster during a canary of it at %1 %)</source>
        <translation>(둘째 줄: 이 정책을 %1 % 카나리로 배포한 동안의 클러스터)</translation>
    </message>
</context>
<context>
    <name>hetsched::MainWindow</name>
    <message>
        <source>The embedded cluster did not start: %1</source>
        <translation>내장 클러스터를 시작하지 못했습니다: %1</translation>
    </message>
    <message>
        <source>Clusters</source>
        <translation>클러스터</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>개요</translation>
    </message>
    <message>
        <source>Open cluster</source>
        <translation>클러스터 열기</translation>
    </message>
    <message>
        <source>Close %1</source>
        <translation>%1 닫기</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>HetSched — %1</source>
        <translation>HetSched — %1</translation>
    </message>
    <message numerus="yes">
        <source>HetSched — Overview (%n open cluster(s))</source>
        <translation>
            <numerusform>HetSched — 개요 (열린 클러스터 %n개)</numerusform>
        </translation>
    </message>
    <message>
        <source>Not connected to %1: certificate not trusted</source>
        <translation>%1에 연결하지 않음: 인증서를 신뢰하지 않음</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>연결</translation>
    </message>
    <message>
        <source>Token for %1 kept for this session only: %2</source>
        <translation>%1의 토큰은 이번 세션에만 유지됩니다: %2</translation>
    </message>
</context>
<context>
    <name>hetsched::OverviewPage</name>
    <message>
        <source>Open in a &amp;tab</source>
        <translation>탭에서 열기(&amp;T)</translation>
    </message>
    <message>
        <source>Open in a new &amp;window</source>
        <translation>새 창에서 열기(&amp;W)</translation>
    </message>
    <message>
        <source>Saved clusters</source>
        <translation>저장된 클러스터</translation>
    </message>
    <message>
        <source>&amp;Edit connections…</source>
        <translation>연결 편집(&amp;E)…</translation>
    </message>
    <message>
        <source>Open clusters</source>
        <translation>열린 클러스터</translation>
    </message>
    <message>
        <source>Double-click a cluster, or select it and press Enter, to show its pages.</source>
        <translation>클러스터를 두 번 클릭하거나 선택하고 Enter를 누르면 그 페이지를 표시합니다.</translation>
    </message>
</context>
<context>
    <name>hetsched::ParetoPlot</name>
    <message>
        <source>Sweep points</source>
        <translation>스윕 점</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>파레토 경계</translation>
    </message>
    <message>
        <source>95 % interval</source>
        <translation>95 % 구간</translation>
    </message>
</context>
<context>
    <name>hetsched::PolicyEditor</name>
    <message>
        <source>Built-in policies…</source>
        <translation>내장 정책…</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>열기…</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>다른 이름으로 저장…</translation>
    </message>
    <message>
        <source>Compare with…</source>
        <translation>비교 대상…</translation>
    </message>
    <message>
        <source>Push…</source>
        <translation>배포…</translation>
    </message>
    <message>
        <source>Share of new jobs the pushed policy schedules at first (canary)</source>
        <translation>배포한 정책이 처음 스케줄할 새 작업의 비율 (카나리)</translation>
    </message>
    <message>
        <source>Canary:</source>
        <translation>카나리:</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>필드</translation>
    </message>
    <message>
        <source>Base</source>
        <translation>기준</translation>
    </message>
    <message>
        <source>This policy</source>
        <translation>이 정책</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>Difference from base</source>
        <translation>기준과의 차이</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>문제</translation>
    </message>
    <message>
        <source>Push policy</source>
        <translation>정책 배포</translation>
    </message>
    <message>
        <source>Fix the problems listed first.</source>
        <translation>먼저 나열된 문제를 고치십시오.</translation>
    </message>
    <message>
        <source>Compared with: %1 (built-in)</source>
        <translation>비교 대상: %1 (내장)</translation>
    </message>
    <message>
        <source>Compared with: %1 (%2)</source>
        <translation>비교 대상: %1 (%2)</translation>
    </message>
    <message>
        <source>JSON: %1</source>
        <translation>JSON: %1</translation>
    </message>
    <message>
        <source>No problems: the engine accepts this policy.</source>
        <translation>문제 없음: 엔진이 이 정책을 받아들입니다.</translation>
    </message>
    <message>
        <source>Open policy</source>
        <translation>정책 열기</translation>
    </message>
    <message>
        <source>Policies (*.json)</source>
        <translation>정책 (*.json)</translation>
    </message>
    <message>
        <source>%1 is not a policy: %2</source>
        <translation>%1 은(는) 정책이 아닙니다: %2</translation>
    </message>
    <message>
        <source>Save policy</source>
        <translation>정책 저장</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 에 쓸 수 없습니다: %2</translation>
    </message>
    <message>
        <source>A file…</source>
        <translation>파일…</translation>
    </message>
    <message>
        <source>Compare with</source>
        <translation>비교 대상</translation>
    </message>
    <message>
        <source>Base policy:</source>
        <translation>기준 정책:</translation>
    </message>
    <message>
        <source>built-in</source>
        <translation>내장</translation>
    </message>
    <message>
        <source>Base policy</source>
        <translation>기준 정책</translation>
    </message>
    <message>
        <source>%1 is not a valid policy.</source>
        <translation>%1 은(는) 올바른 정책이 아닙니다.</translation>
    </message>
    <message>
        <source>Built-in policies</source>
        <translation>내장 정책</translation>
    </message>
    <message>
        <source>Canary share</source>
        <translation>카나리 비율</translation>
    </message>
    <message>
        <source>Policy as JSON</source>
        <translation>JSON 형식의 정책</translation>
    </message>
    <message>
        <source>Push this policy to the gateway as a canary, after a confirmation</source>
        <translation>확인을 거친 뒤 이 정책을 카나리로 게이트웨이에 배포합니다</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Canary share slider</source>
        <translation>카나리 비율 슬라이더</translation>
    </message>
</context>
<context>
    <name>hetsched::PolicyForm</name>
    <message>
        <source>Enabled</source>
        <translation>사용</translation>
    </message>
    <message>
        <source>Resume from checkpoint</source>
        <translation>체크포인트에서 재개</translation>
    </message>
    <message>
        <source>Team quotas</source>
        <translation>팀 쿼터</translation>
    </message>
    <message>
        <source>none (add teams, guarantees and cohorts in the JSON tab)</source>
        <translation>없음 (팀, 보장량, 코호트는 JSON 탭에서 추가)</translation>
    </message>
    <message>
        <source>Teams</source>
        <translation>팀</translation>
    </message>
    <message>
        <source>Jobs of a team with no queue: admitted (ADMIT, also when unset) or held (HOLD)</source>
        <translation>큐가 없는 팀의 작업: 허용(ADMIT, 미설정 시에도) 또는 보류(HOLD)</translation>
    </message>
    <message>
        <source>Teams without a queue</source>
        <translation>큐가 없는 팀</translation>
    </message>
    <message>
        <source>Dominant resource fairness between teams</source>
        <translation>팀 간 지배 자원 공정성(DRF)</translation>
    </message>
    <message numerus="yes">
        <source>%n team(s): %1</source>
        <translation>
            <numerusform>팀 %n개: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>정책</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>이름</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>버전</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>설명</translation>
    </message>
    <message>
        <source>Queue discipline</source>
        <translation>큐 규칙</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>종류</translation>
    </message>
    <message>
        <source>Aging interval (s)</source>
        <translation>에이징 간격 (초)</translation>
    </message>
    <message>
        <source>Backfill depth</source>
        <translation>백필 깊이</translation>
    </message>
    <message>
        <source>Placement</source>
        <translation>배치</translation>
    </message>
    <message>
        <source>Job kind</source>
        <translation>작업 종류</translation>
    </message>
    <message>
        <source>Device kind</source>
        <translation>장치 종류</translation>
    </message>
    <message>
        <source>Add route</source>
        <translation>경로 추가</translation>
    </message>
    <message>
        <source>Remove route</source>
        <translation>경로 삭제</translation>
    </message>
    <message>
        <source>Routes</source>
        <translation>경로</translation>
    </message>
    <message>
        <source>comma-separated weight per node, e.g. 3, 1, 1</source>
        <translation>노드별 가중치 (쉼표 구분, 예: 3, 1, 1)</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>가중치</translation>
    </message>
    <message>
        <source>Virtual nodes</source>
        <translation>가상 노드</translation>
    </message>
    <message>
        <source>Priority factor</source>
        <translation>우선순위 계수</translation>
    </message>
    <message>
        <source>Resource score</source>
        <translation>자원 점수</translation>
    </message>
    <message>
        <source>External scorer</source>
        <translation>외부 점수기</translation>
    </message>
    <message>
        <source>Preemption</source>
        <translation>선점</translation>
    </message>
    <message>
        <source>Restart cost (s)</source>
        <translation>재시작 비용 (초)</translation>
    </message>
    <message>
        <source>Migration</source>
        <translation>마이그레이션</translation>
    </message>
    <message>
        <source>Utilisation threshold</source>
        <translation>사용률 임계값</translation>
    </message>
    <message>
        <source>Cost (s)</source>
        <translation>비용 (초)</translation>
    </message>
    <message>
        <source>Max moves per event</source>
        <translation>이벤트당 최대 이동 수</translation>
    </message>
    <message>
        <source>Data per job (GiB)</source>
        <translation>작업당 데이터 (GiB)</translation>
    </message>
    <message>
        <source>Data per GPU (GiB)</source>
        <translation>GPU당 데이터 (GiB)</translation>
    </message>
    <message>
        <source>Link (GiB/s)</source>
        <translation>링크 속도 (GiB/s)</translation>
    </message>
    <message>
        <source>Prediction window (s)</source>
        <translation>예측 구간 (초)</translation>
    </message>
    <message>
        <source>Max moves per tick</source>
        <translation>틱당 최대 이동 수</translation>
    </message>
    <message>
        <source>History samples</source>
        <translation>이력 샘플 수</translation>
    </message>
    <message>
        <source>Canary before promotion</source>
        <translation>승격 전 카나리</translation>
    </message>
    <message>
        <source>Promote only after the canary ran this long (0: the console&apos;s default)</source>
        <translation>카나리가 이만큼 실행된 뒤에만 승격합니다 (0: 콘솔 기본값)</translation>
    </message>
    <message>
        <source>…or after the canary arm started this many jobs (0: the console&apos;s default)</source>
        <translation>…또는 카나리 쪽이 이만큼 작업을 시작한 뒤 (0: 콘솔 기본값)</translation>
    </message>
    <message>
        <source>Minimum run time (s)</source>
        <translation>최소 실행 시간 (초)</translation>
    </message>
    <message>
        <source>Or minimum starts</source>
        <translation>또는 최소 시작 수</translation>
    </message>
    <message>
        <source>Job kind of route %1</source>
        <translation>경로 %1의 작업 종류</translation>
    </message>
    <message>
        <source>Device kind of route %1</source>
        <translation>경로 %1의 장치 종류</translation>
    </message>
    <message>
        <source>none (a hybrid policy carries them; push reads hybrid:PATH)</source>
        <translation>없음 (하이브리드 정책이 함께 가져갑니다. 배포 시 hybrid:PATH를 읽습니다)</translation>
    </message>
    <message>
        <source>Hybrid weights</source>
        <translation>하이브리드 가중치</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 바이트</translation>
    </message>
    <message>
        <source>%1 slider</source>
        <translation>%1 슬라이더</translation>
    </message>
    <message>
        <source>SLO: target wait per class</source>
        <translation>SLO: 클래스별 목표 대기</translation>
    </message>
    <message>
        <source>High priority (s)</source>
        <translation>높은 우선순위 (초)</translation>
    </message>
    <message>
        <source>Middle priority (s)</source>
        <translation>중간 우선순위 (초)</translation>
    </message>
    <message>
        <source>Low priority (s)</source>
        <translation>낮은 우선순위 (초)</translation>
    </message>
    <message>
        <source>A job of this class waiting longer is an SLO violation in the what-if; at the default (%1 s, the built-in job-wait alert) the policy leaves it unset</source>
        <translation>이 클래스의 작업이 이보다 오래 기다리면 what-if에서 SLO 위반입니다. 기본값(%1초, 내장 작업 대기 알림)이면 정책에 설정하지 않습니다</translation>
    </message>
</context>
<context>
    <name>hetsched::PolicyMenu</name>
    <message>
        <source>&amp;Policy</source>
        <translation>정책(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Push the editor&apos;s policy…</source>
        <translation>편집기의 정책 배포(&amp;P)…</translation>
    </message>
    <message>
        <source>Pro&amp;mote the canary…</source>
        <translation>카나리 승격(&amp;M)…</translation>
    </message>
    <message>
        <source>&amp;Roll back to the chosen version…</source>
        <translation>선택한 버전으로 롤백(&amp;R)…</translation>
    </message>
    <message>
        <source>Re&amp;fresh the gateway&apos;s policy</source>
        <translation>게이트웨이 정책 새로 고침(&amp;F)</translation>
    </message>
    <message>
        <source>Add the policy in &amp;force to the what-if</source>
        <translation>적용 중인 정책을 가정 분석에 추가(&amp;F)</translation>
    </message>
    <message>
        <source>R&amp;un the what-if</source>
        <translation>가정 분석 실행(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Cancel the what-if</source>
        <translation>가정 분석 취소(&amp;C)</translation>
    </message>
    <message>
        <source>No cluster is open.</source>
        <translation>열린 클러스터가 없습니다.</translation>
    </message>
    <message>
        <source>Push the editor&apos;s policy to the gateway as a canary, after a confirmation</source>
        <translation>확인을 거친 뒤 편집기의 정책을 카나리로 게이트웨이에 배포합니다</translation>
    </message>
    <message>
        <source>Make the canary the policy for every job, after comparing both arms</source>
        <translation>양쪽을 비교한 뒤 카나리를 모든 작업의 정책으로 만듭니다</translation>
    </message>
</context>
<context>
    <name>hetsched::PolicyPages</name>
    <message>
        <source>a run is already in progress</source>
        <translation>이미 실행 중입니다</translation>
    </message>
    <message>
        <source>Cannot read snapshots of %1: %2</source>
        <translation>%1 의 스냅샷을 읽을 수 없습니다: %2</translation>
    </message>
    <message>
        <source>policy editor</source>
        <translation>정책 편집기</translation>
    </message>
    <message>
        <source>Push policy</source>
        <translation>정책 배포</translation>
    </message>
    <message>
        <source>Asking %1 for its policy…</source>
        <translation>%1에 정책을 요청하는 중…</translation>
    </message>
    <message>
        <source>v%1 in force on the gateway</source>
        <translation>게이트웨이에 적용 중인 v%1</translation>
    </message>
    <message>
        <source>Pushed as v%1 to %2 % of new arrivals</source>
        <translation>v%1 배포됨: 새로 도착한 작업의 %2 %에 적용</translation>
    </message>
    <message>
        <source>Promoted: v%1 is in force for every job</source>
        <translation>승격됨: 이제 모든 작업에 v%1 적용</translation>
    </message>
    <message>
        <source>Rolled back: v%1 is in force</source>
        <translation>롤백됨: v%1 적용 중</translation>
    </message>
    <message>
        <source>The gateway refused the %1: %2. Policy changes need an operator token (File → Connect…).</source>
        <translation>게이트웨이가 %1 요청을 거부했습니다: %2. 정책을 변경하려면 운영자 토큰이 필요합니다 (파일 → 연결…).</translation>
    </message>
    <message>
        <source>The gateway refused the %1: %2</source>
        <translation>게이트웨이가 %1 요청을 거부했습니다: %2</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 실패: %2</translation>
    </message>
    <message>
        <source>The gateway has not reported its policy yet.</source>
        <translation>게이트웨이가 아직 정책을 보고하지 않았습니다.</translation>
    </message>
    <message>
        <source>Not connected to a gateway.</source>
        <translation>게이트웨이에 연결되어 있지 않습니다.</translation>
    </message>
    <message>
        <source>End the canary of v%1 and keep v%2 for every job?</source>
        <translation>v%1 카나리를 끝내고 모든 작업에 v%2을(를) 유지할까요?</translation>
    </message>
    <message>
        <source>Make v%1&apos;s policy the one in force again (as a new version)?</source>
        <translation>v%1의 정책을 다시 적용할까요 (새 버전으로)?</translation>
    </message>
    <message>
        <source>Roll back</source>
        <translation>롤백</translation>
    </message>
    <message>
        <source>in force at snapshot #%1</source>
        <translation>스냅샷 #%1 시점에 적용 중</translation>
    </message>
    <message>
        <source>in force on the gateway (v%1)</source>
        <translation>게이트웨이에 적용 중 (v%1)</translation>
    </message>
    <message>
        <source>No policy in force known: pick a snapshot, or connect to a gateway that reports one.</source>
        <translation>적용 중인 정책을 알 수 없습니다: 스냅샷을 고르거나, 정책을 알려 주는 게이트웨이에 연결하십시오.</translation>
    </message>
    <message>
        <source>in force in the replayed snapshot (v%1)</source>
        <translation>재생 중인 스냅샷에서 적용 중 (v%1)</translation>
    </message>
    <message>
        <source>Replaying snapshot “%1”: it recorded v%2 “%3” in force. Nothing here acts on a gateway; Back to live first.</source>
        <translation>스냅샷 “%1” 재생 중: 기록 당시 v%2 “%3”이(가) 적용 중이었습니다. 여기서는 게이트웨이에 아무 작업도 할 수 없습니다. 먼저 라이브로 돌아가십시오.</translation>
    </message>
    <message>
        <source>Not promoted: the canary has only %1. Wait, or tick the override.</source>
        <translation>승격하지 않았습니다: 카나리가 아직 %1만 진행했습니다. 더 기다리거나 무시 옵션을 선택하십시오.</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n device(s)): %2 running and %3 queued jobs now; the cut is taken in memory when a run starts.</source>
        <translation>
            <numerusform>%1 (장치 %n개): 지금 실행 중 %2개, 대기 중 %3개; 실행할 때 메모리에서 자릅니다.</numerusform>
        </translation>
    </message>
    <message>
        <source>a sweep is already in progress</source>
        <translation>이미 스윕이 진행 중입니다</translation>
    </message>
    <message>
        <source>Loaded %1 of %2 into the editor</source>
        <translation>%2의 %1을(를) 편집기에 열었습니다</translation>
    </message>
</context>
<context>
    <name>hetsched::PromoteDialog</name>
    <message>
        <source>Promote before the canary has run long enough</source>
        <translation>카나리가 충분히 실행되기 전에 승격</translation>
    </message>
    <message>
        <source>Promote</source>
        <translation>승격</translation>
    </message>
    <message>
        <source>Make v%1 “%2” the policy for every job (now %3 % of new arrivals)?</source>
        <translation>v%1 “%2”을(를) 모든 작업에 적용할까요 (현재 새로 도착한 작업의 %3 %)?</translation>
    </message>
    <message>
        <source>Both arms compared</source>
        <translation>양쪽 비교</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 분</translation>
    </message>
    <message>
        <source>Canary must run at least</source>
        <translation>카나리 최소 실행 시간</translation>
    </message>
    <message>
        <source>or start at least (jobs)</source>
        <translation>또는 최소 시작 작업 수</translation>
    </message>
    <message>
        <source>The canary has %1: ready to promote.</source>
        <translation>카나리가 %1: 승격할 수 있습니다.</translation>
    </message>
    <message>
        <source>The canary has only %1.</source>
        <translation>카나리가 아직 %1만 진행했습니다.</translation>
    </message>
</context>
<context>
    <name>hetsched::QueuePage</name>
    <message>
        <source>&amp;Follow now</source>
        <translation>현재 따라가기(&amp;F)</translation>
    </message>
    <message>
        <source>Job kind</source>
        <translation>작업 유형</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>우선순위</translation>
    </message>
    <message>
        <source>Keep the present in view (Home)</source>
        <translation>현재 시각을 화면에 유지 (Home)</translation>
    </message>
    <message>
        <source>Fold nodes</source>
        <translation>노드 접기</translation>
    </message>
    <message>
        <source>Unfold nodes</source>
        <translation>노드 펼치기</translation>
    </message>
    <message>
        <source>&amp;Colour by:</source>
        <translation>색상 기준(&amp;C):</translation>
    </message>
    <message>
        <source>Wheel or +/− zooms · drag or arrows pan · click a bar to select its job</source>
        <translation>휠 또는 +/−: 확대/축소 · 드래그 또는 화살표: 이동 · 막대를 클릭하면 작업 선택</translation>
    </message>
    <message>
        <source>· pale = waiting · hatched = preempted · dashed = migrated · red line = now · after it, pale hatched with a dashed outline = predicted</source>
        <translation>· 옅은 색 = 대기 · 빗금 = 선점됨 · 점선 = 이전됨 · 빨간 선 = 현재 · 그 뒤의 옅은 빗금과 점선 테두리 = 예측</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>팀</translation>
    </message>
</context>
<context>
    <name>hetsched::QueuePanel</name>
    <message>
        <source>No jobs waiting.</source>
        <translation>대기 중인 작업이 없습니다.</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) waiting, in service order (priority class, then submit time). Start times need a what-if prediction.</source>
        <translation>
            <numerusform>대기 중인 작업 %n개, 처리 순서대로 (우선순위 등급, 그다음 제출 시각). 시작 시각은 가정 분석 예측이 있어야 알 수 있습니다.</numerusform>
        </translation>
    </message>
    <message>
        <source>Waiting jobs</source>
        <translation>대기 중인 작업</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) waiting, in order of predicted start: the gateway&apos;s scheduling core run forward from now, with no new arrivals.</source>
        <translation>
            <numerusform>대기 중인 작업 %n개, 예상 시작 순서대로: 게이트웨이의 스케줄링 코어를 지금부터 앞으로 돌린 결과 (새 도착 없음).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hetsched::QueueTableModel</name>
    <message>
        <source>unknown</source>
        <translation>알 수 없음</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>작업</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>이름</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>유형</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>우선순위</translation>
    </message>
    <message>
        <source>Submitted</source>
        <translation>제출</translation>
    </message>
    <message>
        <source>Predicted start</source>
        <translation>예상 시작</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Waited</source>
        <translation>대기 시간</translation>
    </message>
    <message>
        <source>Why it waits</source>
        <translation>대기 이유</translation>
    </message>
    <message>
        <source>Predicted node</source>
        <translation>예상 노드</translation>
    </message>
    <message>
        <source>Owner (team)</source>
        <translation>소유자 (팀)</translation>
    </message>
</context>
<context>
    <name>hetsched::QueueTimelineView</name>
    <message>
        <source>No jobs yet</source>
        <translation>아직 작업이 없습니다</translation>
    </message>
    <message>
        <source>Cluster time →</source>
        <translation>클러스터 시각 →</translation>
    </message>
    <message>
        <source>Queue (waiting)</source>
        <translation>대기열 (대기 중)</translation>
    </message>
    <message numerus="yes">
        <source>%1 %2 · %n node(s)</source>
        <translation>
            <numerusform>%1 %2 · 노드 %n개</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2 (%3)</source>
        <translation>%1 %2 (%3)</translation>
    </message>
    <message>
        <source>slot %1</source>
        <translation>슬롯 %1</translation>
    </message>
    <message>
        <source>waiting in the queue</source>
        <translation>대기열에서 대기</translation>
    </message>
    <message>
        <source>running</source>
        <translation>실행 중</translation>
    </message>
    <message>
        <source>preempted run</source>
        <translation>선점된 실행</translation>
    </message>
    <message>
        <source>run before migration</source>
        <translation>이전 전 실행</translation>
    </message>
    <message>
        <source>%1 · slot %2</source>
        <translation>%1 · 슬롯 %2</translation>
    </message>
    <message>
        <source>(unknown job)</source>
        <translation>(알 수 없는 작업)</translation>
    </message>
    <message>
        <source>still open</source>
        <translation>진행 중</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; #%2&lt;br&gt;%3 · %4 priority</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; #%2&lt;br&gt;%3 · 우선순위 %4</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%2에서 %1</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 → %2 (%3 min)</source>
        <translation>&lt;br&gt;%1 → %2 (%3분)</translation>
    </message>
    <message>
        <source>predicted run (the live forecast)</source>
        <translation>예측된 실행 (실시간 예측)</translation>
    </message>
    <message>
        <source>&lt;br&gt;team %1</source>
        <translation>&lt;br&gt;팀 %1</translation>
    </message>
</context>
<context>
    <name>hetsched::ReplayBar</name>
    <message>
        <source>Back to live</source>
        <translation>라이브로 돌아가기</translation>
    </message>
    <message>
        <source>Leave the replay and show the live cluster again</source>
        <translation>재생을 끝내고 라이브 클러스터를 다시 표시합니다</translation>
    </message>
    <message>
        <source>Play or pause the replay</source>
        <translation>재생 또는 일시 정지</translation>
    </message>
    <message>
        <source>One frame back</source>
        <translation>한 프레임 뒤로</translation>
    </message>
    <message>
        <source>One frame forward</source>
        <translation>한 프레임 앞으로</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>Playback speed (cluster seconds per second)</source>
        <translation>재생 속도 (초당 클러스터 시간 초)</translation>
    </message>
    <message>
        <source>H:MM:SS</source>
        <translation>H:MM:SS</translation>
    </message>
    <message>
        <source>Jump to a cluster time and press Enter</source>
        <translation>이동할 클러스터 시각을 입력하고 Enter를 누르세요</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>일시 정지</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>재생</translation>
    </message>
    <message>
        <source>Replay — %1 — %2 @ %3</source>
        <translation>재생 — %1 — %2 @ %3</translation>
    </message>
    <message>
        <source>frame %1 / %2</source>
        <translation>프레임 %1 / %2</translation>
    </message>
</context>
<context>
    <name>hetsched::ReplayController</name>
    <message>
        <source>The file holds no snapshots.</source>
        <translation>파일에 스냅샷이 없습니다.</translation>
    </message>
    <message>
        <source>The snapshot has no frame history to replay.</source>
        <translation>스냅샷에 재생할 프레임 기록이 없습니다.</translation>
    </message>
    <message>
        <source>The snapshot&apos;s job map weights are damaged; the map is trained again. (%1)</source>
        <translation>스냅샷의 작업 맵 가중치가 손상되어 맵을 다시 학습합니다. (%1)</translation>
    </message>
</context>
<context>
    <name>hetsched::ReplayMenu</name>
    <message>
        <source>&amp;Replay</source>
        <translation>재생(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Play or pause</source>
        <translation>재생 또는 일시 정지(&amp;P)</translation>
    </message>
    <message>
        <source>One frame &amp;back</source>
        <translation>한 프레임 뒤로(&amp;B)</translation>
    </message>
    <message>
        <source>One frame &amp;forward</source>
        <translation>한 프레임 앞으로(&amp;F)</translation>
    </message>
    <message>
        <source>Back to &amp;live</source>
        <translation>라이브로 돌아가기(&amp;L)</translation>
    </message>
    <message>
        <source>Not replaying: open a snapshot first (File → Open snapshot…).</source>
        <translation>재생 중이 아닙니다: 먼저 스냅샷을 여십시오 (파일 → 스냅샷 열기…).</translation>
    </message>
</context>
<context>
    <name>hetsched::SavedConnectionModel</name>
    <message>
        <source>Embedded simulated cluster</source>
        <translation>내장 시뮬레이션 클러스터</translation>
    </message>
    <message>
        <source>A gateway in this process, on loopback, over a simulated cluster</source>
        <translation>이 프로세스 안에서 루프백으로 동작하는 시뮬레이션 클러스터용 게이트웨이</translation>
    </message>
    <message>
        <source>%1 (TLS)</source>
        <translation>%1 (TLS)</translation>
    </message>
</context>
<context>
    <name>hetsched::ShortcutsDialog</name>
    <message>
        <source>Heatmap › Move the selected device</source>
        <translation>히트맵 › 선택한 장치 옮기기</translation>
    </message>
    <message>
        <source>Arrow keys</source>
        <translation>화살표 키</translation>
    </message>
    <message>
        <source>Heatmap › First or last device of the row</source>
        <translation>히트맵 › 행의 첫 장치 또는 마지막 장치</translation>
    </message>
    <message>
        <source>Home, End</source>
        <translation>Home, End</translation>
    </message>
    <message>
        <source>Queue timeline › Zoom in or out</source>
        <translation>대기열 타임라인 › 확대 또는 축소</translation>
    </message>
    <message>
        <source>+, −, mouse wheel</source>
        <translation>+, −, 마우스 휠</translation>
    </message>
    <message>
        <source>Queue timeline › Pan</source>
        <translation>대기열 타임라인 › 이동</translation>
    </message>
    <message>
        <source>Arrow keys, drag</source>
        <translation>화살표 키, 끌기</translation>
    </message>
    <message>
        <source>Queue timeline › Follow now</source>
        <translation>대기열 타임라인 › 현재 시각 따라가기</translation>
    </message>
    <message>
        <source>Home</source>
        <translation>Home</translation>
    </message>
    <message>
        <source>Job map › Lasso instead of rectangle</source>
        <translation>작업 지도 › 사각형 대신 올가미</translation>
    </message>
    <message>
        <source>Shift while dragging</source>
        <translation>끌면서 Shift</translation>
    </message>
    <message>
        <source>Any page › Next or previous page of a cluster</source>
        <translation>모든 페이지 › 클러스터의 다음 또는 이전 페이지</translation>
    </message>
    <message>
        <source>Ctrl+Tab, Ctrl+Shift+Tab</source>
        <translation>Ctrl+Tab, Ctrl+Shift+Tab</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>단축키</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>동작</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>키</translation>
    </message>
</context>
<context>
    <name>hetsched::SnapshotMenu</name>
    <message>
        <source>HetSched snapshots (*.hsnap);;All files (*)</source>
        <translation>HetSched 스냅샷 (*.hsnap);;모든 파일 (*)</translation>
    </message>
    <message>
        <source>&amp;Take snapshot…</source>
        <translation>스냅샷 찍기(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Open snapshot…</source>
        <translation>스냅샷 열기(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Recent files</source>
        <translation>최근 파일(&amp;R)</translation>
    </message>
    <message>
        <source>Open snapshot</source>
        <translation>스냅샷 열기</translation>
    </message>
    <message>
        <source>Take snapshot</source>
        <translation>스냅샷 찍기</translation>
    </message>
    <message>
        <source>Taking a snapshot…</source>
        <translation>스냅샷을 찍는 중…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>The snapshot was not saved.</source>
        <translation>스냅샷이 저장되지 않았습니다.</translation>
    </message>
    <message>
        <source>Open a cluster first.</source>
        <translation>먼저 클러스터를 여십시오.</translation>
    </message>
    <message>
        <source>Save the live cluster&apos;s state and recent history to a file</source>
        <translation>라이브 클러스터의 상태와 최근 기록을 파일에 저장합니다</translation>
    </message>
</context>
<context>
    <name>hetsched::SnapshotTaker</name>
    <message>
        <source>Receiving the snapshot from the gateway…</source>
        <translation>게이트웨이에서 스냅샷을 받는 중…</translation>
    </message>
    <message>
        <source>Saving into %1…</source>
        <translation>%1에 저장하는 중…</translation>
    </message>
    <message>
        <source>Training the job embedder…</source>
        <translation>작업 임베더 학습 중…</translation>
    </message>
</context>
<context>
    <name>hetsched::StatusArea</name>
    <message>
        <source>Messages</source>
        <translation>메시지</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>소스</translation>
    </message>
    <message>
        <source>Frame</source>
        <translation>프레임</translation>
    </message>
</context>
<context>
    <name>hetsched::SubmitJobDialog</name>
    <message>
        <source> milli-CPU</source>
        <translation> 밀리 CPU</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source> GPUs</source>
        <translation> GPU</translation>
    </message>
    <message>
        <source> ‰ of a GPU</source>
        <translation> ‰ (GPU 1개 기준)</translation>
    </message>
    <message>
        <source> TPUs</source>
        <translation> TPU</translation>
    </message>
    <message>
        <source>May be preempted</source>
        <translation>선점 허용</translation>
    </message>
    <message>
        <source>Submit job</source>
        <translation>작업 제출</translation>
    </message>
    <message>
        <source>Training (→ GPU)</source>
        <translation>학습 (→ GPU)</translation>
    </message>
    <message>
        <source>Inference (→ TPU)</source>
        <translation>추론 (→ TPU)</translation>
    </message>
    <message>
        <source>Service (→ CPU)</source>
        <translation>서비스 (→ CPU)</translation>
    </message>
    <message>
        <source>Batch (→ CPU)</source>
        <translation>배치 (→ CPU)</translation>
    </message>
    <message>
        <source>Real-time (→ CPU)</source>
        <translation>실시간 (→ CPU)</translation>
    </message>
    <message>
        <source>High — real-time</source>
        <translation>높음 — 실시간 처리</translation>
    </message>
    <message>
        <source>Middle — periodic control</source>
        <translation>중간 — 주기적 제어 로직</translation>
    </message>
    <message>
        <source>Low — logging, background</source>
        <translation>낮음 — 로깅, 백그라운드 동기화</translation>
    </message>
    <message>
        <source>Latency-sensitive (LS)</source>
        <translation>지연 민감 (LS)</translation>
    </message>
    <message>
        <source>Best effort (BE)</source>
        <translation>최선 노력 (BE)</translation>
    </message>
    <message>
        <source>Burstable</source>
        <translation>버스터블</translation>
    </message>
    <message>
        <source>Guaranteed</source>
        <translation>보장</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 초</translation>
    </message>
    <message>
        <source>A share of one GPU instead of whole GPUs (1000 = one GPU)</source>
        <translation>GPU 전체 대신 GPU 1개의 일부 (1000 = GPU 1개)</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>이름</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>유형</translation>
    </message>
    <message>
        <source>Priority class</source>
        <translation>우선순위 등급</translation>
    </message>
    <message>
        <source>QoS</source>
        <translation>QoS</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>메모리</translation>
    </message>
    <message>
        <source>Whole GPUs</source>
        <translation>GPU (전체)</translation>
    </message>
    <message>
        <source>GPU share</source>
        <translation>GPU 공유량</translation>
    </message>
    <message>
        <source>TPUs</source>
        <translation>TPU</translation>
    </message>
    <message>
        <source>Estimated runtime</source>
        <translation>예상 실행 시간</translation>
    </message>
    <message>
        <source>Submit</source>
        <translation>제출</translation>
    </message>
    <message>
        <source>The gateway refused the job: %1</source>
        <translation>게이트웨이가 작업을 거부했습니다: %1</translation>
    </message>
</context>
<context>
    <name>hetsched::SweepAxisEditor</name>
    <message>
        <source>Parameter</source>
        <translation>매개변수</translation>
    </message>
    <message>
        <source>from</source>
        <translation>시작</translation>
    </message>
    <message>
        <source>From</source>
        <translation>시작</translation>
    </message>
    <message>
        <source>to</source>
        <translation>끝</translation>
    </message>
    <message>
        <source>To</source>
        <translation>끝</translation>
    </message>
    <message>
        <source>step</source>
        <translation>간격</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>간격</translation>
    </message>
</context>
<context>
    <name>hetsched::SweepPolicyList</name>
    <message>
        <source>Policies to sweep over</source>
        <translation>스윕할 정책</translation>
    </message>
    <message>
        <source>Tick the policies to run: each is one point of the sweep, on the same workload</source>
        <translation>실행할 정책을 체크하세요. 각 정책이 같은 작업 부하에서 스윕의 한 점이 됩니다</translation>
    </message>
    <message>
        <source>Add file…</source>
        <translation>파일 추가…</translation>
    </message>
    <message>
        <source>Tick all</source>
        <translation>모두 체크</translation>
    </message>
    <message>
        <source>Tick none</source>
        <translation>모두 해제</translation>
    </message>
    <message>
        <source>built-in</source>
        <translation>내장</translation>
    </message>
    <message>
        <source>Add policy</source>
        <translation>정책 추가</translation>
    </message>
    <message>
        <source>Policies (*.json)</source>
        <translation>정책 (*.json)</translation>
    </message>
    <message>
        <source>listed on the left</source>
        <translation>왼쪽 목록</translation>
    </message>
    <message>
        <source>v%1 on the gateway</source>
        <translation>게이트웨이의 v%1</translation>
    </message>
    <message>
        <source>%1 is not a valid policy.</source>
        <translation>%1 은(는) 올바른 정책이 아닙니다.</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
</context>
<context>
    <name>hetsched::SweepView</name>
    <message>
        <source>and</source>
        <translation>그리고</translation>
    </message>
    <message>
        <source>Run sweep</source>
        <translation>스윕 실행</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>Policy to sweep</source>
        <translation>스윕할 정책</translation>
    </message>
    <message>
        <source>One of the policies listed on the left; add the editor&apos;s to sweep it</source>
        <translation>왼쪽 목록의 정책 하나입니다. 편집기의 정책을 스윕하려면 목록에 추가하십시오</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>정책</translation>
    </message>
    <message>
        <source>Vary</source>
        <translation>바꿀 값</translation>
    </message>
    <message>
        <source>A grid of two parameters: every pair of values</source>
        <translation>매개변수 두 개의 격자: 모든 값의 쌍</translation>
    </message>
    <message>
        <source>Metric across</source>
        <translation>가로 지표</translation>
    </message>
    <message>
        <source>Metric up</source>
        <translation>세로 지표</translation>
    </message>
    <message>
        <source>against</source>
        <translation>대</translation>
    </message>
    <message>
        <source>Plot</source>
        <translation>그래프</translation>
    </message>
    <message>
        <source>Sweep points and their Pareto front</source>
        <translation>스윕 점과 파레토 경계</translation>
    </message>
    <message>
        <source>sweep point %1</source>
        <translation>스윕 점 %1</translation>
    </message>
    <message>
        <source>Add a policy on the left (the editor&apos;s, a built-in or a file) to sweep it.</source>
        <translation>스윕하려면 왼쪽에 정책(편집기의 것, 내장 정책, 파일)을 추가하십시오.</translation>
    </message>
    <message>
        <source>Choose two different parameters for a grid.</source>
        <translation>격자에는 서로 다른 매개변수 두 개를 고르십시오.</translation>
    </message>
    <message>
        <source>%1 points: at most %2 in one sweep; widen the steps.</source>
        <translation>점 %1개: 한 번의 스윕에는 최대 %2개입니다. 간격을 넓히십시오.</translation>
    </message>
    <message numerus="yes">
        <source>%1 = %n point(s)</source>
        <translation>
            <numerusform>%1 = 점 %n개</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s)</source>
        <translation>
            <numerusform>점 %n개</numerusform>
        </translation>
    </message>
    <message>
        <source>Every point is the policy with those values, run on the workload on the left on every core. Run sweep, then hover a point for its values; click one to load it into the Policies tab&apos;s editor.</source>
        <translation>각 점은 그 값들을 넣은 정책을 왼쪽의 작업 부하에서 모든 코어로 실행한 결과입니다. 스윕을 실행한 뒤 점에 마우스를 올리면 값이 보이고, 누르면 정책 탭의 편집기에 열립니다.</translation>
    </message>
    <message>
        <source>Sweeping %1…</source>
        <translation>%1 스윕 중…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>취소하는 중…</translation>
    </message>
    <message>
        <source>The sweep failed: %1</source>
        <translation>스윕 실패: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 over %n point(s) in %2 s; %3 on the Pareto front of %4 (%5) and %6 (%7). Hover a point for its values; click one to load it into the Policies tab&apos;s editor.</source>
        <translation>
            <numerusform>%1: 점 %n개, %2초. 그중 %3개가 %4(%5)와 %6(%7)의 파레토 경계에 있습니다. 점에 마우스를 올리면 값이, 누르면 정책 탭의 편집기에 열립니다.</numerusform>
        </translation>
    </message>
    <message>
        <source>higher is better</source>
        <translation>높을수록 좋음</translation>
    </message>
    <message>
        <source>lower is better</source>
        <translation>낮을수록 좋음</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>On the Pareto front</source>
        <translation>파레토 경계 위</translation>
    </message>
    <message>
        <source>Click to load this policy into the Policies tab&apos;s editor.</source>
        <translation>누르면 이 정책을 정책 탭의 편집기에 엽니다.</translation>
    </message>
    <message>
        <source>Parameters of one policy</source>
        <translation>한 정책의 매개변수</translation>
    </message>
    <message>
        <source>A list of policies</source>
        <translation>정책 목록</translation>
    </message>
    <message>
        <source>What to sweep</source>
        <translation>스윕할 대상</translation>
    </message>
    <message>
        <source>Parameters: one policy over a range of one or two of its parameters. Policies: every ticked policy once, on the same workload.</source>
        <translation>매개변수: 한 정책을 그 매개변수 한두 개의 범위에 걸쳐 실행합니다. 정책: 체크한 정책을 같은 작업 부하에서 한 번씩 실행합니다.</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>스윕</translation>
    </message>
    <message>
        <source>Replicas per point</source>
        <translation>점당 복제본 수</translation>
    </message>
    <message>
        <source>Above 1: also run every point on this many replicas of the workload (as the Replicas of a what-if) and plot each metric&apos;s median with its 95 % interval as error bars; the front is taken on the medians. Each replica costs one run per point.</source>
        <translation>1보다 크면 모든 점을 작업 부하의 이만큼의 복제본에서도 실행하고(가정 분석의 복제본처럼) 각 지표의 중앙값과 95 % 구간을 오차 막대로 그립니다. 파레토 경계는 중앙값으로 정합니다. 복제본 하나마다 점마다 한 번씩 더 실행합니다.</translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation>복제본</translation>
    </message>
    <message>
        <source>%v / %m runs</source>
        <translation>%v / %m 실행</translation>
    </message>
    <message>
        <source>the sweep&apos;s point</source>
        <translation>스윕의 점</translation>
    </message>
    <message>
        <source>Tick at least one policy: each is one point, run on the workload on the left.</source>
        <translation>정책을 하나 이상 체크하세요. 각 정책이 한 점이며 왼쪽의 작업 부하에서 실행됩니다.</translation>
    </message>
    <message>
        <source>%1 points: at most %2 in one sweep.</source>
        <translation>점 %1개: 한 스윕에 최대 %2개입니다.</translation>
    </message>
    <message>
        <source>Every ticked policy is one point, run on the workload on the left on every core. Run sweep, then hover a point for its values; click one to load it into the Policies tab&apos;s editor.</source>
        <translation>체크한 정책마다 한 점이 되며 왼쪽의 작업 부하에서 모든 코어로 실행됩니다. 스윕을 실행한 뒤 점에 마우스를 올리면 값이, 누르면 정책 탭의 편집기에 열립니다.</translation>
    </message>
    <message numerus="yes">
        <source>Sweeping %n policies…</source>
        <translation>
            <numerusform>정책 %n개 스윕 중…</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled after %1 of %2 runs.</source>
        <translation>실행 %2회 중 %1회 뒤 취소했습니다.</translation>
    </message>
    <message numerus="yes">
        <source>%n policies</source>
        <translation>
            <numerusform>정책 %n개</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Each point: the median over %n replica(s), its 95 % interval as error bars; the front is taken on the medians.</source>
        <translation>
            <numerusform>각 점: 복제본 %n개의 중앙값이며 95 % 구간을 오차 막대로 그립니다. 파레토 경계는 중앙값으로 정합니다.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 (95 % interval %3 to %4)</source>
        <translation>%1: %2 (95 % 구간 %3 ~ %4)</translation>
    </message>
</context>
<context>
    <name>hetsched::TeamColours</name>
    <message>
        <source>(no team)</source>
        <translation>(팀 없음)</translation>
    </message>
    <message>
        <source>No team reported yet</source>
        <translation>아직 보고된 팀 없음</translation>
    </message>
</context>
<context>
    <name>hetsched::TlsProbe</name>
    <message>
        <source>%1 is not HOST:PORT</source>
        <translation>%1은(는) HOST:PORT 형식이 아닙니다</translation>
    </message>
    <message>
        <source>Qt has no TLS backend here (the OpenSSL plugin)</source>
        <translation>이 시스템의 Qt에는 TLS 백엔드(OpenSSL 플러그인)가 없습니다</translation>
    </message>
    <message>
        <source>no TLS answer from %1</source>
        <translation>%1에서 TLS 응답이 없습니다</translation>
    </message>
    <message>
        <source>the server sent no certificate</source>
        <translation>서버가 인증서를 보내지 않았습니다</translation>
    </message>
</context>
<context>
    <name>hetsched::TokenVault</name>
    <message>
        <source>no keychain service is running (%1)</source>
        <translation>키체인 서비스가 실행 중이 아닙니다 (%1)</translation>
    </message>
    <message>
        <source>the keychain refused access (%1)</source>
        <translation>키체인이 접근을 거부했습니다 (%1)</translation>
    </message>
    <message>
        <source>the keychain could not delete the token</source>
        <translation>키체인에서 토큰을 지우지 못했습니다</translation>
    </message>
    <message>
        <source>this build has no keychain support (QtKeychain)</source>
        <translation>이 빌드에는 키체인 지원(QtKeychain)이 없습니다</translation>
    </message>
</context>
<context>
    <name>hetsched::ViewMenu</name>
    <message>
        <source>&amp;View</source>
        <translation>보기(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Overview</source>
        <translation>개요(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Cluster</source>
        <translation>클러스터(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Queue timeline</source>
        <translation>대기열 타임라인(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Job map</source>
        <translation>작업 지도(&amp;J)</translation>
    </message>
    <message>
        <source>&amp;Policies</source>
        <translation>정책(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;What-if</source>
        <translation>가정 분석(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Next cluster</source>
        <translation>다음 클러스터(&amp;N)</translation>
    </message>
    <message>
        <source>P&amp;revious cluster</source>
        <translation>이전 클러스터(&amp;R)</translation>
    </message>
    <message>
        <source>Colour heatmap &amp;by</source>
        <translation>히트맵 색상 기준(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>테마(&amp;T)</translation>
    </message>
    <message>
        <source>Follow the &amp;system</source>
        <translation>시스템 설정 따르기(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>밝게(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>어둡게(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Full screen</source>
        <translation>전체 화면(&amp;F)</translation>
    </message>
    <message>
        <source>No cluster is open.</source>
        <translation>열린 클러스터가 없습니다.</translation>
    </message>
    <message>
        <source>&amp;Alerts</source>
        <translation>경보(&amp;A)</translation>
    </message>
</context>
<context>
    <name>hetsched::WeightSliders</name>
    <message>
        <source>Weight of node %1</source>
        <translation>노드 %1의 가중치</translation>
    </message>
    <message>
        <source>Node %1: %2</source>
        <translation>노드 %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n more weight(s): type them above</source>
        <translation>
            <numerusform>가중치 %n개 더: 위에 입력하십시오</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hetsched::WhatifLauncher</name>
    <message>
        <source>Cannot create %1 for the snapshot.</source>
        <translation>스냅샷을 위해 %1을(를) 만들 수 없습니다.</translation>
    </message>
    <message>
        <source>What-if from now: %1 (%2 %)</source>
        <translation>지금부터 가정 분석: %1 (%2 %)</translation>
    </message>
    <message>
        <source>What-if from now: the snapshot failed: %1</source>
        <translation>지금부터 가정 분석: 스냅샷 실패: %1</translation>
    </message>
    <message>
        <source>What-if from now: taking a snapshot of %1…</source>
        <translation>지금부터 가정 분석: %1의 스냅샷을 찍는 중…</translation>
    </message>
    <message>
        <source>what-if from %1</source>
        <translation>%1에서 시작한 가정 분석</translation>
    </message>
    <message>
        <source>policy editor</source>
        <translation>정책 편집기</translation>
    </message>
    <message>
        <source>What-if from now: ready, press Run (Ctrl+R).</source>
        <translation>지금부터 가정 분석: 준비됐습니다. 실행을 누르십시오 (Ctrl+R).</translation>
    </message>
    <message>
        <source>What-if from now: add a candidate policy, then Run (Ctrl+R).</source>
        <translation>지금부터 가정 분석: 후보 정책을 추가한 뒤 실행하십시오 (Ctrl+R).</translation>
    </message>
</context>
<context>
    <name>hetsched::WhatifMetricsModel</name>
    <message>
        <source>Metric</source>
        <translation>지표</translation>
    </message>
    <message>
        <source>%1 (%2–%3)</source>
        <translation>%1 (%2–%3)</translation>
    </message>
    <message numerus="yes">
        <source>Median over %n replica(s): %1; 95 % of them between %2 and %3.</source>
        <translation>
            <numerusform>복제본 %n개의 중앙값: %1. 그중 95 %가 %2와 %3 사이입니다.</numerusform>
        </translation>
    </message>
    <message>
        <source>Difference from %1, replica by replica: median %2, 95 % interval %3 to %4.</source>
        <translation>%1과의 복제본별 차이: 중앙값 %2, 95 % 구간 %3 ~ %4.</translation>
    </message>
    <message>
        <source>The interval excludes zero: the difference is significant.</source>
        <translation>구간이 0을 포함하지 않습니다: 유의한 차이입니다.</translation>
    </message>
    <message>
        <source>The interval includes zero: the difference may be noise, not significant.</source>
        <translation>구간이 0을 포함합니다: 잡음일 수 있어 유의하지 않습니다.</translation>
    </message>
</context>
<context>
    <name>hetsched::WhatifRunner</name>
    <message numerus="yes">
        <source>Recorded %n what-if run(s) in snapshot #%1 of %2</source>
        <translation>
            <numerusform>가정 분석 실행 %n건을 %2의 스냅샷 #%1에 기록했습니다</numerusform>
        </translation>
    </message>
    <message>
        <source>The what-if runs were not recorded in %1: %2</source>
        <translation>가정 분석 실행 결과를 %1에 기록하지 못했습니다: %2</translation>
    </message>
    <message>
        <source>replicas: %1: %2</source>
        <translation>복제본: %1: %2</translation>
    </message>
</context>
<context>
    <name>hetsched::WhatifView</name>
    <message>
        <source>Run</source>
        <translation>실행</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>CSV 내보내기…</translation>
    </message>
    <message>
        <source>Export charts…</source>
        <translation>차트 내보내기…</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>지표</translation>
    </message>
    <message>
        <source>Wait CDF</source>
        <translation>대기 시간 CDF</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>사용률</translation>
    </message>
    <message>
        <source>Jobs that changed most</source>
        <translation>가장 많이 바뀐 작업</translation>
    </message>
    <message>
        <source>Choose a workload and at least two policies, then Run.</source>
        <translation>워크로드와 정책 두 개 이상을 고른 뒤 실행하십시오.</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>취소하는 중…</translation>
    </message>
    <message>
        <source>Export metrics</source>
        <translation>지표 내보내기</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>%1 에 쓸 수 없습니다.</translation>
    </message>
    <message>
        <source>Export charts</source>
        <translation>차트 내보내기</translation>
    </message>
    <message>
        <source>PNG (*.png);;PDF (*.pdf)</source>
        <translation>PNG (*.png);;PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Choose at least two policies to compare.</source>
        <translation>비교할 정책을 두 개 이상 고르십시오.</translation>
    </message>
    <message numerus="yes">
        <source>Running %n policies…</source>
        <translation>
            <numerusform>정책 %n개 실행 중…</numerusform>
        </translation>
    </message>
    <message>
        <source>The what-if run failed: %1</source>
        <translation>가정 분석 실행 실패: %1</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>취소되었습니다.</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>찾아보기…</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>워크로드</translation>
    </message>
    <message>
        <source>Synthetic</source>
        <translation>합성</translation>
    </message>
    <message>
        <source>Snapshot</source>
        <translation>스냅샷</translation>
    </message>
    <message>
        <source>Alibaba trace excerpt</source>
        <translation>Alibaba 트레이스 발췌</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>노드</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>작업</translation>
    </message>
    <message>
        <source>Offered load</source>
        <translation>제공 부하</translation>
    </message>
    <message>
        <source>Snapshot file</source>
        <translation>스냅샷 파일</translation>
    </message>
    <message>
        <source>Node list</source>
        <translation>노드 목록</translation>
    </message>
    <message>
        <source>Pod list</source>
        <translation>파드 목록</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>시드</translation>
    </message>
    <message>
        <source>Policies (the first is the baseline)</source>
        <translation>정책 (첫 번째가 기준)</translation>
    </message>
    <message>
        <source>Add a built-in…</source>
        <translation>내장 정책 추가…</translation>
    </message>
    <message>
        <source>Add file…</source>
        <translation>파일 추가…</translation>
    </message>
    <message>
        <source>Add editor&apos;s policy</source>
        <translation>편집기의 정책 추가</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>삭제</translation>
    </message>
    <message>
        <source>built-in</source>
        <translation>내장</translation>
    </message>
    <message>
        <source>Add policy</source>
        <translation>정책 추가</translation>
    </message>
    <message>
        <source>Policies (*.json)</source>
        <translation>정책 (*.json)</translation>
    </message>
    <message>
        <source>%1 is not a valid policy.</source>
        <translation>%1 은(는) 올바른 정책이 아닙니다.</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Policy in force</source>
        <translation>적용 중인 정책</translation>
    </message>
    <message>
        <source>Compare against the policy the snapshot recorded, or the one the gateway runs now</source>
        <translation>스냅샷에 기록된 정책 또는 게이트웨이가 지금 실행 중인 정책과 비교합니다</translation>
    </message>
    <message>
        <source>From the cut</source>
        <translation>스냅샷 시점부터</translation>
    </message>
    <message>
        <source>Replay the recorded jobs</source>
        <translation>기록된 작업 재생</translation>
    </message>
    <message>
        <source>From the cut: running jobs stay on their nodes, queued ones wait, and the next window brings the arrivals of the last one. Replay: every recorded job from its submit time.</source>
        <translation>스냅샷 시점부터: 실행 중인 작업은 해당 노드에 그대로 두고, 대기 중인 작업은 기다리며, 다음 구간에는 직전 구간의 도착 작업이 다시 들어옵니다. 재생: 기록된 모든 작업을 제출 시각부터 다시 실행합니다.</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>시작</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 분</translation>
    </message>
    <message>
        <source>Arrivals window</source>
        <translation>도착 구간</translation>
    </message>
    <message>
        <source>Metrics per policy</source>
        <translation>정책별 지표</translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n policies compared; colours: blue better, orange worse than %2.</source>
        <translation>
            <numerusform>%1 — 정책 %n개 비교; 색상: 파랑은 %2보다 좋음, 주황은 나쁨.</numerusform>
        </translation>
    </message>
    <message>
        <source>Snapshots (*.hsnap *.hetsnap *.sqlite *.db);;All files (*)</source>
        <translation>스냅샷 (*.hsnap *.hetsnap *.sqlite *.db);;모든 파일 (*)</translation>
    </message>
    <message>
        <source>From the cluster now</source>
        <translation>지금의 클러스터에서</translation>
    </message>
    <message>
        <source>Snapshot the cluster shown (or use the snapshot being replayed), start from its cut, and compare the policy in force with the editor&apos;s policy (Ctrl+Shift+W)</source>
        <translation>표시 중인 클러스터의 스냅샷을 찍고 (재생 중이면 그 스냅샷을 쓰고) 그 시점부터 시작해, 적용 중인 정책과 편집기의 정책을 비교합니다 (Ctrl+Shift+W)</translation>
    </message>
    <message>
        <source>Workload kind</source>
        <translation>작업 부하 종류</translation>
    </message>
    <message>
        <source>Policies to compare</source>
        <translation>비교할 정책</translation>
    </message>
    <message>
        <source>Add a built-in policy</source>
        <translation>내장 정책 추가</translation>
    </message>
    <message>
        <source>How well the engine reproduces this snapshot is unknown: %1</source>
        <translation>엔진이 이 스냅샷을 얼마나 재현하는지 알 수 없습니다: %1</translation>
    </message>
    <message>
        <source>Fidelity: no job started within this snapshot&apos;s recorded %1 s, so how closely the engine reproduces it cannot be measured.</source>
        <translation>충실도: 이 스냅샷에 기록된 %1초 동안 시작한 작업이 없어 엔진의 재현 정도를 측정할 수 없습니다.</translation>
    </message>
    <message numerus="yes">
        <source>Fidelity: the engine reproduces this snapshot&apos;s past %1 min (%n job(s)) with P95 start error %2 s, %3 % on the same node%4.</source>
        <translation>
            <numerusform>충실도: 엔진이 이 스냅샷의 지난 %1분(작업 %n개)을 P95 시작 오차 %2초, 같은 노드 %3 %로 재현합니다%4.</numerusform>
        </translation>
    </message>
    <message>
        <source>: an exact reproduction</source>
        <translation>: 정확한 재현</translation>
    </message>
    <message>
        <source>: predictions here are only as close as that</source>
        <translation>: 이 스냅샷에서의 예측도 그만큼만 정확합니다</translation>
    </message>
    <message>
        <source>The cluster now</source>
        <translation>지금의 클러스터</translation>
    </message>
    <message>
        <source>No live cluster is connected (or a snapshot is being replayed): choose another workload, or use From the cluster now.</source>
        <translation>연결된 실시간 클러스터가 없습니다(또는 스냅샷을 재생 중): 다른 작업 부하를 고르거나 지금의 클러스터에서를 쓰십시오.</translation>
    </message>
    <message>
        <source>The cluster now: %1 Running jobs stay on their nodes, queued ones wait, and the next hour brings the arrivals of the last.</source>
        <translation>지금의 클러스터: %1 실행 중인 작업은 제자리에, 대기 중인 작업은 대기하고, 다음 한 시간에는 직전 한 시간의 도착이 다시 옵니다.</translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation>복제본</translation>
    </message>
    <message>
        <source>Besides the run shown, run every policy on this many replicas of the workload (arrivals resampled in blocks, runtimes from the estimator&apos;s errors) and show each metric&apos;s median and 95 % interval; a difference from the first policy is marked significant (bold, coloured, *) only when its paired interval excludes zero. 1: the single run only.</source>
        <translation>보이는 실행 외에 모든 정책을 작업 부하의 이만큼의 복제본(도착은 블록 단위로 다시 표집, 실행 시간은 추정기의 오차에서)에서 실행하고 각 지표의 중앙값과 95 % 구간을 보여 줍니다. 첫 정책과의 차이는 짝지은 구간이 0을 포함하지 않을 때만 유의한 것으로(굵게, 색, *) 표시합니다. 1: 한 번만 실행합니다.</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>스윕</translation>
    </message>
    <message numerus="yes">
        <source>Running %n policies, then each on %1 replicas…</source>
        <translation>
            <numerusform>정책 %n개를 실행한 뒤 각각 복제본 %1개에서 실행하는 중…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Each metric: median (95 % interval) over %n replica(s); Δ: the paired difference from the first policy, bold and coloured with * only when significant.</source>
        <translation>
            <numerusform>각 지표: 복제본 %n개의 중앙값(95 % 구간). Δ: 첫 정책과의 짝지은 차이로, 유의할 때만 굵게, 색과 *로 표시합니다.</numerusform>
        </translation>
    </message>
    <message>
        <source>Teams: wait, share and quota use per policy</source>
        <translation>팀: 정책별 대기, 점유율, 쿼터 사용</translation>
    </message>
    <message>
        <source>Teams</source>
        <translation>팀</translation>
    </message>
    <message>
        <source>Add a candidate to compare with %1 (a built-in, a file or the editor&apos;s policy), then Run.</source>
        <translation>%1과(와) 비교할 후보(내장 정책, 파일 또는 편집기의 정책)를 추가한 뒤 실행하십시오.</translation>
    </message>
    <message numerus="yes">
        <source>Run (Ctrl+R) compares %n policies against the first.</source>
        <translation>
            <numerusform>실행(Ctrl+R)하면 정책 %n개를 첫 번째 정책과 비교합니다.</numerusform>
        </translation>
    </message>
</context>
</TS>

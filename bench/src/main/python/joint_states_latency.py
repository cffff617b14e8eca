#!/usr/bin/python3
"""/joint_states' latency as a rospy node sees it: per message, rospy.Time.now() - header.stamp, the time from the
cycle that sent the body status the message carries to this callback (ROS_MASTER_URI names the master).

usage: joint_states_latency.py [--settle <s>] [--seconds <s>]

Prints "receiving" on stdout at the first message; the messages of the next --settle seconds (default 0) are not
counted, the connection's start-up not being its pace. At SIGINT, or --seconds after the first message (default 0:
never), prints count, p50, p99, p99.9 and max latency (µs) as one JSON line on stdout and exits.
"""

import argparse
import json
import math
import signal
import sys
import threading
import time

import rospy
from sensor_msgs.msg import JointState


def percentile(ordered, q):
    """Nearest rank: the least sample that q of them do not exceed."""
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--settle", type=float, default=0)
    parser.add_argument("--seconds", type=float, default=0)
    args = parser.parse_args()

    stop = threading.Event()
    # rospy's own SIGINT handler would shut the node down without the report: ours only ends the wait.
    signal.signal(signal.SIGINT, lambda signum, frame: stop.set())
    rospy.init_node("joint_states_latency", anonymous=True, disable_signals=True)

    started = []  # the first message's time.monotonic()
    latencies = []

    def received(msg):
        # First thing: the callback's time is what is measured.
        now = rospy.Time.now()
        if not started:
            started.append(time.monotonic())
            print("receiving", flush=True)
        if time.monotonic() - started[0] >= args.settle:
            latencies.append((now - msg.header.stamp).to_nsec() / 1000.0)

    rospy.Subscriber("/joint_states", JointState, received, tcp_nodelay=True)
    # Polled, as --seconds runs from the first message, whenever that comes.
    while not stop.wait(0.1):
        if args.seconds > 0 and started and time.monotonic() - started[0] >= args.seconds:
            break
    rospy.signal_shutdown("done")

    ordered = sorted(latencies)
    report = {"count": len(ordered)}
    if ordered:
        report.update(p50_us=round(percentile(ordered, 0.5), 1), p99_us=round(percentile(ordered, 0.99), 1),
                      p999_us=round(percentile(ordered, 0.999), 1), max_us=round(ordered[-1], 1))
    print(json.dumps(report), flush=True)


if __name__ == "__main__":
    main()

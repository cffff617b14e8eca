#!/usr/bin/env python3
"""A Velma task written as a ROS node, talking only to ros_interface/a (docs/ros.md).

Run against velma-sim (three commands: roscore; ./embodia run velma-sim --ros; then)
    ./embodia rospy examples/ros/velma_task.py [all|move]

'all' leaves safe mode, moves both arms to a posture in joint impedance, moves the right tool in Cartesian impedance,
sends the arms into self collision (aborted), relaxes, and has a NaN goal and an unknown joint refused. 'move' moves
the right arm once (for a robot already out of safe mode). Exits 0 when every outcome was the one expected.
"""
import math
import sys
import threading

import actionlib
import rospy
from actionlib_msgs.msg import GoalStatus
from control_msgs.msg import FollowJointTrajectoryAction, FollowJointTrajectoryGoal, FollowJointTrajectoryResult
from embodia_velma_msgs.msg import CartImpAction, CartImpGoal
from sensor_msgs.msg import JointState
from std_srvs.srv import Trigger
from tf2_msgs.msg import TFMessage
from trajectory_msgs.msg import JointTrajectoryPoint

NS = '/velma_task_cs_ros_interface'
WAIT = rospy.Duration(60)
READY_RIGHT = [1.2, 1.3, -1.57, 1.3, 0, 0, 0]
READY_LEFT = [1.2, -1.3, -1.57, 1.3, 0, 0, 0]
CROSSED = [0, -2.0, 0, 1.0, 0, 0, 0]
STATES = {getattr(GoalStatus, n): n for n in ('PENDING', 'ACTIVE', 'PREEMPTED', 'SUCCEEDED', 'ABORTED', 'REJECTED',
                                               'PREEMPTING', 'RECALLING', 'RECALLED', 'LOST')}


def arm(side, q):
    return {'%s_arm_%d_joint' % (side, j): v for j, v in enumerate(q)}


class Velma:
    def __init__(self):
        self.lock = threading.Lock()
        self.joints = None
        self.tools = {}
        rospy.Subscriber('/joint_states', JointState, self._joints)
        rospy.Subscriber('/tf', TFMessage, self._tf)
        self.jimp = actionlib.SimpleActionClient(NS + '/spline_trajectory_action_joint', FollowJointTrajectoryAction)
        self.cimp = actionlib.SimpleActionClient(NS + '/right_arm/cartesian_trajectory', CartImpAction)
        for client in (self.jimp, self.cimp):
            if not client.wait_for_server(WAIT):
                fail('no action server %s' % client.action_client.ns)
        for name in ('exit_safe_mode', 'relax'):
            rospy.wait_for_service(NS + '/' + name, WAIT.to_sec())
        self.exit_safe_mode = rospy.ServiceProxy(NS + '/exit_safe_mode', Trigger)
        self.relax = rospy.ServiceProxy(NS + '/relax', Trigger)

    def _joints(self, m):
        with self.lock:
            self.joints = dict(zip(m.name, m.position))

    def _tf(self, m):
        with self.lock:
            for t in m.transforms:
                self.tools[t.child_frame_id] = t.transform

    def position(self, name):
        with self.lock:
            return self.joints[name]

    def move(self, targets, seconds):
        goal = FollowJointTrajectoryGoal()
        goal.trajectory.joint_names = list(targets)
        goal.trajectory.points = [JointTrajectoryPoint(positions=list(targets.values()),
                                                       time_from_start=rospy.Duration(seconds))]
        return self.run(self.jimp, goal)

    def run(self, client, goal):
        client.send_goal(goal)
        if not client.wait_for_result(WAIT):
            fail('no result within %d s' % WAIT.to_sec())
        return STATES[client.get_state()], client.get_result(), client.get_goal_status_text()


def fail(why):
    print('velma_task: FAILED: ' + why, flush=True)
    sys.exit(1)


def expect(what, outcome, state, text=''):
    got, result, status_text = outcome
    error = getattr(result, 'error_string', '') if result is not None else ''
    print('%s: %s %s' % (what, got, status_text or error), flush=True)
    if got != state or text not in (status_text + ' ' + error):
        fail('%s: expected %s%s, got %s (%s)' % (what, state, ' with "%s"' % text if text else '', got, status_text))
    return result


def reached(velma, targets, tolerance=0.05):
    rospy.sleep(0.2)
    for name, q in targets.items():
        if abs(velma.position(name) - q) > tolerance:
            fail('%s at %.3f, not at the target %.3f' % (name, velma.position(name), q))


def main():
    rospy.init_node('velma_task', anonymous=True)
    phase = sys.argv[1] if len(sys.argv) > 1 else 'all'
    velma = Velma()
    if phase == 'move':
        target = arm('right', READY_RIGHT[:1] + [READY_RIGHT[1] - 0.2] + READY_RIGHT[2:])
        expect('joint impedance after the restart', velma.move(target, 2), 'SUCCEEDED')
        reached(velma, target)
        print('velma_task: every outcome as expected', flush=True)
        return
    r = velma.exit_safe_mode()
    print('exit safe mode: %s' % r.message, flush=True)
    if not r.success:
        fail('exit safe mode: ' + r.message)

    ready = dict(arm('right', READY_RIGHT), **arm('left', READY_LEFT))
    result = expect('joint impedance to a posture', velma.move(ready, 3), 'SUCCEEDED')
    if result.error_code != FollowJointTrajectoryResult.SUCCESSFUL:
        fail('error_code %d' % result.error_code)
    reached(velma, ready)

    with velma.lock:
        tool = velma.tools['right_arm_tool']
    goal = CartImpGoal()
    goal.pose.position.x = tool.translation.x + 0.05
    goal.pose.position.y = tool.translation.y
    goal.pose.position.z = tool.translation.z + 0.05
    goal.duration = rospy.Duration(2)
    expect('Cartesian impedance of the right tool', velma.run(velma.cimp, goal), 'SUCCEEDED')

    crossed = dict(arm('right', CROSSED), **arm('left', CROSSED))
    expect('joint impedance into self collision', velma.move(crossed, 3), 'ABORTED', 'self collision')

    r = velma.relax()
    print('relax: %s' % r.message, flush=True)
    if not r.success:
        fail('relax: ' + r.message)

    expect('a NaN goal', velma.move(arm('right', [math.nan] + READY_RIGHT[1:]), 2), 'REJECTED', 'NaN')
    expect('an unknown joint', velma.move({'right_arm_9_joint': 0.0}, 2), 'REJECTED', 'right_arm_9_joint')
    print('velma_task: every outcome as expected', flush=True)


if __name__ == '__main__':
    main()

/*
 * The Open Dynamics Engine's calls the simulation uses (Debian's libode, [ODE]), one JNI function each. ODE keeps a
 * world's step working memory between steps, so a warm step allocates nothing on the Java heap nor in C. Handles are
 * ODE's own pointers, passed as Java longs; vectors travel through caller-owned double[3] arrays, copied with
 * Get/SetDoubleArrayRegion, which allocate nothing.
 */
#include <stdint.h>
#include <jni.h>
#include <ode/ode.h>

#define ODE_FN(name) JNICALL Java_org_embodia_velma_sim_Ode_##name

static dWorldID world_of(jlong h) { return (dWorldID) (intptr_t) h; }
static dBodyID body_of(jlong h) { return (dBodyID) (intptr_t) h; }
static dJointID joint_of(jlong h) { return (dJointID) (intptr_t) h; }

static void put3(JNIEnv *env, jdoubleArray out, const dReal *v) {
    jdouble values[3] = {v[0], v[1], v[2]};
    (*env)->SetDoubleArrayRegion(env, out, 0, 3, values);
}

JNIEXPORT jboolean ODE_FN(init)(JNIEnv *env, jclass c) {
    return dInitODE2(0) != 0;
}

JNIEXPORT void ODE_FN(close)(JNIEnv *env, jclass c) {
    dCloseODE();
}

JNIEXPORT jstring ODE_FN(configuration)(JNIEnv *env, jclass c) {
    return (*env)->NewStringUTF(env, dGetConfiguration());
}

/*
 * Each world gets a threading implementation of its own. ODE's default one is global and not made for two threads:
 * two worlds stepped at once on two threads (the emulator's and the framework's simulations) share its job list, and
 * the second step finds no working memory (ODE INTERNAL ERROR, abort). The world's user data keeps it for destroy.
 */
JNIEXPORT jlong ODE_FN(worldCreate)(JNIEnv *env, jclass c) {
    dThreadingImplementationID threading = dThreadingAllocateSelfThreadedImplementation();
    if (threading == NULL) {
        return 0;
    }
    dWorldID world = dWorldCreate();
    dWorldSetStepThreadingImplementation(world, dThreadingImplementationGetFunctions(threading), threading);
    dWorldSetData(world, threading);
    return (jlong) (intptr_t) world;
}

JNIEXPORT void ODE_FN(worldDestroy)(JNIEnv *env, jclass c, jlong world) {
    dThreadingImplementationID threading = (dThreadingImplementationID) dWorldGetData(world_of(world));
    dWorldSetStepThreadingImplementation(world_of(world), NULL, NULL);
    dWorldDestroy(world_of(world));
    dThreadingFreeImplementation(threading);
}

JNIEXPORT void ODE_FN(worldSetGravity)(JNIEnv *env, jclass c, jlong world, jdouble x, jdouble y, jdouble z) {
    dWorldSetGravity(world_of(world), x, y, z);
}

JNIEXPORT jboolean ODE_FN(worldStep)(JNIEnv *env, jclass c, jlong world, jdouble dt) {
    return dWorldStep(world_of(world), dt) != 0;
}

JNIEXPORT jlong ODE_FN(bodyCreate)(JNIEnv *env, jclass c, jlong world) {
    return (jlong) (intptr_t) dBodyCreate(world_of(world));
}

JNIEXPORT void ODE_FN(bodySetPosition)(JNIEnv *env, jclass c, jlong body, jdouble x, jdouble y, jdouble z) {
    dBodySetPosition(body_of(body), x, y, z);
}

JNIEXPORT void ODE_FN(bodyGetPosition)(JNIEnv *env, jclass c, jlong body, jdoubleArray out) {
    put3(env, out, dBodyGetPosition(body_of(body)));
}

/* rowMajor: the 3x3 rotation, row by row; ODE's dMatrix3 has a fourth, unused column. */
JNIEXPORT void ODE_FN(bodySetRotation)(JNIEnv *env, jclass c, jlong body, jdoubleArray rowMajor) {
    jdouble r[9];
    (*env)->GetDoubleArrayRegion(env, rowMajor, 0, 9, r);
    dMatrix3 m = {r[0], r[1], r[2], 0, r[3], r[4], r[5], 0, r[6], r[7], r[8], 0};
    dBodySetRotation(body_of(body), m);
}

JNIEXPORT void ODE_FN(bodySetLinearVel)(JNIEnv *env, jclass c, jlong body, jdouble x, jdouble y, jdouble z) {
    dBodySetLinearVel(body_of(body), x, y, z);
}

JNIEXPORT void ODE_FN(bodySetAngularVel)(JNIEnv *env, jclass c, jlong body, jdouble x, jdouble y, jdouble z) {
    dBodySetAngularVel(body_of(body), x, y, z);
}

JNIEXPORT void ODE_FN(bodySetMass)(JNIEnv *env, jclass c, jlong body, jdouble mass, jdouble i11, jdouble i22,
        jdouble i33, jdouble i12, jdouble i13, jdouble i23) {
    dMass m;
    dMassSetParameters(&m, mass, 0, 0, 0, i11, i22, i33, i12, i13, i23);
    dBodySetMass(body_of(body), &m);
}

JNIEXPORT jlong ODE_FN(hingeCreate)(JNIEnv *env, jclass c, jlong world) {
    return (jlong) (intptr_t) dJointCreateHinge(world_of(world), 0);
}

/* body2 0: the hinge joins body1 to the static environment. */
JNIEXPORT void ODE_FN(jointAttach)(JNIEnv *env, jclass c, jlong joint, jlong body1, jlong body2) {
    dJointAttach(joint_of(joint), body_of(body1), body_of(body2));
}

JNIEXPORT void ODE_FN(hingeSetAnchor)(JNIEnv *env, jclass c, jlong joint, jdouble x, jdouble y, jdouble z) {
    dJointSetHingeAnchor(joint_of(joint), x, y, z);
}

JNIEXPORT void ODE_FN(hingeSetAxis)(JNIEnv *env, jclass c, jlong joint, jdouble x, jdouble y, jdouble z) {
    dJointSetHingeAxis(joint_of(joint), x, y, z);
}

JNIEXPORT void ODE_FN(hingeGetAnchor)(JNIEnv *env, jclass c, jlong joint, jdoubleArray out) {
    dVector3 v;
    dJointGetHingeAnchor(joint_of(joint), v);
    put3(env, out, v);
}

JNIEXPORT void ODE_FN(hingeGetAxis)(JNIEnv *env, jclass c, jlong joint, jdoubleArray out) {
    dVector3 v;
    dJointGetHingeAxis(joint_of(joint), v);
    put3(env, out, v);
}

JNIEXPORT void ODE_FN(hingeSetStops)(JNIEnv *env, jclass c, jlong joint, jdouble lo, jdouble hi) {
    dJointSetHingeParam(joint_of(joint), dParamLoStop, lo);
    dJointSetHingeParam(joint_of(joint), dParamHiStop, hi);
}

JNIEXPORT void ODE_FN(hingeAddTorque)(JNIEnv *env, jclass c, jlong joint, jdouble torque) {
    dJointAddHingeTorque(joint_of(joint), torque);
}

JNIEXPORT jdouble ODE_FN(hingeAngle)(JNIEnv *env, jclass c, jlong joint) {
    return dJointGetHingeAngle(joint_of(joint));
}

JNIEXPORT jdouble ODE_FN(hingeAngleRate)(JNIEnv *env, jclass c, jlong joint) {
    return dJointGetHingeAngleRate(joint_of(joint));
}

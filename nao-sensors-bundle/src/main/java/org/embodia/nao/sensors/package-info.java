/**
 * The RAPP core agent's touch, inertial and FSR virtual receptors r_core,touch, r_core,inertial and
 * r_core,fsr ([RAPP] §3.4-3.6). The spec defines the three alike, so one class, {@link
 * org.embodia.nao.sensors.NaoSensor}, holds their logic, parameterised by {@link
 * org.embodia.nao.sensors.SensorFamily}; {@link org.embodia.nao.sensors.NaoTouch}, {@link
 * org.embodia.nao.sensors.NaoInertial} and {@link org.embodia.nao.sensors.NaoFsr} register it once per
 * family, each with its idle and get. Private to this bundle: the subsystems are reached as
 * {@code Subsystem} services, their behaviours as {@code Behavior} services.
 */
package org.embodia.nao.sensors;

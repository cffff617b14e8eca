/**
 * NAO's two head cameras in ALVideoDevice's manner, rendering a simple scene by ray casting, with NAOqi's resolution,
 * colour-space and parameter ids, and conversions to ROS's sensor_msgs/Image layout and to PNG. Private to the bundle.
 */
package org.embodia.nao.sim.camera;

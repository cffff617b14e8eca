/** ve_body's behaviours, one DS component each, named as the velma.ve_body definition names them. */
package org.embodia.velma.vebody.behaviors;

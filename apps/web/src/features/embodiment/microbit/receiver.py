# AI-Edu robot receiver for the BBC micro:bit (V1 and V2), MicroPython.
# Flash it once (python.microbit.org or Mu); the platform's page then drives the robot over USB.
# Protocol: docs/embodiment-microbit.md. One line per command; every report starts with "@".
# If the page goes quiet for 1.5 s the motors stop, so an unplugged cable never leaves a robot running.
from microbit import *
import microbit
import machine
import music
import utime

PROTOCOL = 1
BOARD = "V2" if hasattr(microbit, "speaker") else "V1"

drive = "N"
motor_pins = [-1, -1, -1, -1]
i2c_address = 0
line_pins = [-1, -1]
sonar = [-1, -1]
report_ms = 100
last_heard = utime.ticks_ms()
moving = False


def pin(n):
    return getattr(microbit, "pin%d" % n) if n >= 0 else None


def set_motor(index, power):
    # power -100..100 on motor 0 (left) or 1 (right)
    power = max(-100, min(100, power))
    if drive == "P":
        forward = pin(motor_pins[index * 2])
        backward = pin(motor_pins[index * 2 + 1])
        duty = abs(power) * 1023 // 100
        if power >= 0:
            backward.write_digital(0)
            forward.write_analog(duty) if duty else forward.write_digital(0)
        else:
            forward.write_digital(0)
            backward.write_analog(duty)
    elif drive == "I":
        register = 0x00 if index == 0 else 0x02
        direction = 0 if power >= 0 else 1
        i2c.write(i2c_address, bytes([register, direction, abs(power) * 255 // 100]))
    elif drive == "S":
        servo = pin(motor_pins[index])
        if power == 0:
            servo.write_analog(0)  # no pulses: a continuous servo stops even when out of trim
            return
        # 1.5 ms stops, 1 ms / 2 ms full speed; the servos are mirrored, so the left one runs "backwards"
        sign = -1 if index == 0 else 1
        pulse_us = 1500 + sign * power * 5
        servo.set_analog_period(20)
        servo.write_analog(pulse_us * 1023 // 20000)


def set_motors(left, right):
    global moving
    set_motor(0, left)
    set_motor(1, right)
    moving = left != 0 or right != 0


def stop_all():
    set_motors(0, 0)
    music.stop()


def read_line(n):
    p = pin(n)
    return p.read_digital() if p else -1


def read_distance():
    if sonar[0] < 0:
        return -1
    trigger = pin(sonar[0])
    trigger.write_digital(1)
    utime.sleep_us(10)
    trigger.write_digital(0)
    echo_us = machine.time_pulse_us(pin(sonar[1]), 1, 12000)
    return 300 if echo_us < 0 else echo_us // 58  # no echo: nothing within range


def report():
    heading = compass.heading() if compass.is_calibrated() else -1
    fields = (
        1 if button_a.is_pressed() else 0,
        1 if button_b.is_pressed() else 0,
        accelerometer.get_x(),
        accelerometer.get_y(),
        accelerometer.get_z(),
        heading,
        display.read_light_level(),
        read_line(line_pins[0]),
        read_line(line_pins[1]),
        read_distance(),
    )
    print("@S " + " ".join(str(f) for f in fields))


def integers(fields):
    return [int(f) for f in fields]


def run(line):
    global drive, motor_pins, i2c_address, line_pins, sonar, report_ms
    fields = line.split()
    if not fields:
        return
    tag = fields[0]
    args = fields[1:]
    if tag == "H":
        print("@HI %d %s" % (PROTOCOL, BOARD))
    elif tag == "P":
        pass
    elif tag == "M":
        left, right = integers(args[:2])
        set_motors(left, right)
    elif tag == "C":
        stop_all()
        n = integers(args[1:])
        drive = args[0]
        motor_pins = n[0:4]
        i2c_address = n[4]
        line_pins = n[5:7]
        sonar = n[7:9]
    elif tag == "D":
        level = max(0, min(9, int(args[0])))
        display.show(Image(":".join([str(level) * 5] * 5)))
    elif tag == "I":
        display.show(getattr(Image, args[0]))
    elif tag == "T":
        hz, ms = integers(args[:2])
        music.pitch(hz, duration=ms, wait=False)
    elif tag == "K":
        stop_all()
        compass.calibrate()
    elif tag == "R":
        report_ms = max(20, min(5000, int(args[0])))
    elif tag == "S":
        stop_all()
        display.clear()
    else:
        print("@E unknown " + tag)


uart.init(baudrate=115200)
display.show(Image.HAPPY)
print("@HI %d %s" % (PROTOCOL, BOARD))
pending = b""
next_report = utime.ticks_ms()
while True:
    data = uart.read() if uart.any() else None
    if data:
        last_heard = utime.ticks_ms()
        pending += data
        while b"\n" in pending:
            raw, pending = pending.split(b"\n", 1)
            try:
                run(str(raw, "utf-8").strip())
            except Exception as error:
                print("@E " + str(error).replace("\n", " ")[:60])
        if len(pending) > 160:
            pending = b""  # noise without a line ending
    now = utime.ticks_ms()
    if moving and utime.ticks_diff(now, last_heard) > 1500:
        stop_all()
    if utime.ticks_diff(now, next_report) >= 0:
        next_report = utime.ticks_add(now, report_ms)
        report()
    sleep(5)

"""A real pointer on the workbench's page (the workbench's test and benchmark, and the
playground's test, which is the same page): where a path point is on the screen, and a drag."""


def screen(driver, x, y):
    """The page's CSS pixel position of user point (x, y)."""
    return driver.execute_script(
        "const m = document.getElementById('view').getScreenCTM(); const p = new DOMPoint(arguments[0], arguments[1]).matrixTransform(m);"
        "return [p.x, p.y];", x, y)


def pointer_drag(driver, start, end, steps=1, pause=0.0):
    """Press at `start`, move to `end` in `steps` moves (waiting `pause` seconds after each, as a
    hand would), let go."""
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput
    from selenium.webdriver.common.actions import interaction
    mouse = PointerInput(interaction.POINTER_MOUSE, "mouse")
    actions = ActionBuilder(driver, mouse=mouse, duration=0)
    actions.pointer_action.move_to_location(int(round(start[0])), int(round(start[1])))
    actions.pointer_action.pointer_down()
    for k in range(1, steps + 1):
        f = k / steps
        actions.pointer_action.move_to_location(int(round(start[0] + (end[0] - start[0]) * f)), int(round(start[1] + (end[1] - start[1]) * f)))
        if pause:
            actions.pointer_action.pause(pause)
    actions.pointer_action.pointer_up()
    actions.perform()

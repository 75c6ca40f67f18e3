import ShapeCLI
ShapeCommand.main()

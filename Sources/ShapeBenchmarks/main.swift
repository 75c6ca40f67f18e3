print("bench")

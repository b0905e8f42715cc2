print(*[1, 2], sep="")
print(*5)

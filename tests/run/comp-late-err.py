# a generator outliving its comprehension: a name neither it nor the comprehension binds is still a NameError
gs = [(i * w for _ in range(2)) for i in range(3)]
print(len(gs))
print(list(gs[0]))

import math
print("ran")
import os

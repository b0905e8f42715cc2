import logging as log
print("ran")
logger = log.getLogger(__name__)

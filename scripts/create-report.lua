-- wrk script: files reports (POST /api/v1/announcements) at 500 points around Warsaw, each with an e-mail address, in turn.
local bodies = {}
math.randomseed(11)
for i=1,500 do
  bodies[i] = string.format('{"species":"DOG","sex":"MALE","status":"MISSING","lastSeenDate":"2025-11-20",'
    .. '"locationLatitude":%.5f,"locationLongitude":%.5f,"email":"owner%d@example.com","petName":"Reksio","description":"brown, white paws"}',
    52.2297 + (math.random()-0.5)*0.2, 21.0122 + (math.random()-0.5)*0.3, i)
end
local headers = {["Content-Type"]="application/json"}
local counter = 0
request = function()
  counter = counter % #bodies + 1
  return wrk.format("POST", "/api/v1/announcements", headers, bodies[counter])
end
